/*
 * A detail panel beside the picture on a wide screen (the incident's and the organization's
 * sub-routes): what kind of thing it shows, its title, the way to close it, and its content.
 * On a narrow screen the same panel is a DetailSheet instead.
 */
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export function DetailAside({
  kind,
  title,
  close,
  className,
  children,
}: {
  kind: string;
  title: ReactNode;
  /** The panel's close button or link, at its top right. */
  close: ReactNode;
  /** Its width and spacing. */
  className: string;
  children: ReactNode;
}) {
  return (
    <aside
      aria-label={`${kind} details`}
      data-detail-panel={kind}
      className={classNames('flex shrink-0 flex-col rounded-md border border-line bg-panel p-3', className)}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">{kind}</p>
          <h2 className="text-base font-semibold break-words">{title}</h2>
        </div>
        {close}
      </div>
      {children}
    </aside>
  );
}
