/*
 * Shown when a user is signed in but acts as no analyst yet (spec section 2): pick one of the
 * analysts the user may act as, create their own, or create the primary analyst when none exist.
 */
import { useEffect, useRef, useState } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import type { User } from '../../../domain/user.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { createAnalyst, createPrimaryAnalyst } from './analysts-api.ts';
import { AnalystCreateForm } from './analyst-create-form.tsx';
import type { AnalystsState } from './use-analysts.ts';

const AVATAR_SIZE_PX = 40;

interface AnalystPickerProps {
  user: User;
  analysts: AnalystsState;
  onChoose: (analystID: number) => void;
  onCreated: (analyst: Analyst) => void;
  onRetry: () => void;
}

export function AnalystPicker({ user, analysts, onChoose, onCreated, onRetry }: AnalystPickerProps) {
  if (analysts.status === 'loading') {
    return (
      <p role="status" className="text-muted">
        Loading analysts
      </p>
    );
  }
  if (analysts.status === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>The analysts could not be loaded.</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    );
  }
  if (analysts.analysts.length === 0) {
    return (
      <section aria-labelledby="primary-analyst-heading" className="flex flex-col gap-3">
        <h1 id="primary-analyst-heading" className="text-lg font-semibold">
          Create the primary analyst
        </h1>
        <p className="text-muted">No analyst exists yet. The primary analyst is an administrator.</p>
        <AnalystCreateForm
          create={createPrimaryAnalyst}
          onCreated={onCreated}
          initialName={user.name}
          initialEmail={user.email}
        />
      </section>
    );
  }

  const choosable = analysts.analysts.filter((analyst) => analyst.canActAs);
  const hasOwnAnalyst = user.analystID !== null || analysts.analysts.some((analyst) => analyst.userID === user.id);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="select-analyst-heading" className="flex flex-col gap-3">
        <h1 id="select-analyst-heading" className="text-lg font-semibold">
          Select your analyst
        </h1>
        <p className="text-muted">Everything you do is recorded under the analyst you act as.</p>
        {choosable.length === 0 ? (
          <p className="text-muted">You may not act as any analyst yet. An administrator can grant you access.</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {choosable.map((analyst) => (
              <li key={analyst.id}>
                <button
                  type="button"
                  onClick={() => onChoose(analyst.id)}
                  title={analyst.email ? `${analyst.name} <${analyst.email}>` : analyst.name}
                  className="flex w-analyst-button cursor-pointer flex-col items-center gap-2 rounded-lg border border-line bg-panel px-2 py-3 hover:border-accent hover:bg-raised"
                >
                  <Avatar name={analyst.name} sizePx={AVATAR_SIZE_PX} />
                  <span className="w-full truncate text-center font-medium">{analyst.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hasOwnAnalyst ? null : <OwnAnalystOffer user={user} onCreated={onCreated} />}
    </div>
  );
}

function OwnAnalystOffer({ user, onCreated }: { user: User; onCreated: (analyst: Analyst) => void }) {
  const [open, setOpen] = useState(false);
  const offerButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // After Cancel or Escape, focus returns to the button that opened the form.
    if (!open && wasOpen.current) offerButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <section aria-labelledby="own-analyst-heading" className="flex flex-col gap-3 border-t border-line pt-6">
      <h2 id="own-analyst-heading" className="font-semibold">
        Your own analyst
      </h2>
      {open ? (
        <AnalystCreateForm
          create={createAnalyst}
          onCreated={onCreated}
          onCancel={() => setOpen(false)}
          initialName={user.name}
          initialEmail={user.email}
        />
      ) : (
        <div>
          <Button ref={offerButton} onClick={() => setOpen(true)}>
            Create your own analyst
          </Button>
        </div>
      )}
    </section>
  );
}
