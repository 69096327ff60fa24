/*
 * The header of spec section 2: the logo linking home, the breadcrumb, the pin that keeps the
 * header at the top, and (as children) the badges and the analyst menu.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { startOutbox, useOutbox } from '../data/outbox/index.ts';
import { ChurchKeyGlyph } from '../ui/church-key-glyph.tsx';
import { classNames } from '../ui/class-names.ts';
import { HeaderBreadcrumb } from './header-breadcrumb.tsx';

interface AppHeaderProps {
  sticky: boolean;
  onStickyChange: (sticky: boolean) => void;
  organizationID: number | undefined;
  incidentID: number | undefined;
  children: ReactNode;
}

export function AppHeader({ sticky, onStickyChange, organizationID, incidentID, children }: AppHeaderProps) {
  return (
    <header
      className={classNames('z-40 border-b border-line bg-panel', sticky ? 'sticky top-0' : 'relative')}
      data-sticky={sticky}
    >
      <div className="flex h-12 items-center justify-between gap-4 px-4">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            to="/"
            className="flex h-logo shrink-0 items-center gap-2 rounded px-1 text-base font-semibold tracking-tight text-ink"
          >
            <ChurchKeyGlyph className="h-full w-auto py-1 text-accent" />
            <span>Churchkey</span>
          </Link>
          <HeaderBreadcrumb organizationID={organizationID} incidentID={incidentID} />
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <OutboxBadge />
          <button
            type="button"
            aria-pressed={sticky}
            aria-label={sticky ? 'Unpin the header' : 'Pin the header to the top'}
            title={sticky ? 'Unpin the header' : 'Pin the header to the top'}
            onClick={() => onStickyChange(!sticky)}
            className="grid size-8 cursor-pointer place-items-center rounded-md text-muted hover:bg-raised hover:text-ink aria-pressed:text-accent"
          >
            <PinIcon pinned={sticky} />
          </button>
          {children}
        </div>
      </div>
    </header>
  );
}

/** Writes made here and not yet on the server (the outbox): how many wait, and any the server refused. */
function OutboxBadge() {
  const { pending, failed } = useOutbox();
  // The header is always there once signed in, so it starts the sending of what waits.
  useEffect(() => startOutbox(), []);
  if (pending === 0 && failed.length === 0) return null;
  return (
    <Link
      to="/settings/configuration"
      hash="outbox"
      title="Writes made on this device that the server does not have yet"
      className="rounded-full border border-line px-2 py-0.5 text-sm text-muted hover:text-ink"
    >
      {pending > 0 ? `${pending} ${pending === 1 ? 'write' : 'writes'} waiting` : null}
      {pending > 0 && failed.length > 0 ? ', ' : null}
      {failed.length > 0 ? <span className="text-danger">{`${failed.length} failed`}</span> : null}
    </Link>
  );
}

function PinIcon({ pinned }: { pinned: boolean }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4">
      <path
        d="M6 2h4l-.5 4 2.5 2.5v1H4v-1L6.5 6 6 2zM8 9.5V14"
        fill={pinned ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
