/*
 * A detail panel (an event, an actor, an incident of an organization…) on a narrow screen: a sheet
 * over the picture's right side, so the picture keeps its width; closing it goes where onClose says.
 */
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { Sheet } from './sheet.tsx';

export function DetailSheet({
  kind,
  title,
  onClose,
  className,
  children,
}: {
  /** What the panel shows, in lower case ("event"): it names the sheet and marks it for tests. */
  kind: string;
  title: ReactNode;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Sheet
      open
      onOpenChange={(open) => !open && onClose()}
      side="right"
      title={`${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)} details`}
      testID="detail-sheet"
    >
      <aside aria-label={`${kind} details`} data-detail-panel={kind} className={classNames('flex flex-col', className)}>
        <h2 className="text-base font-semibold break-words">{title}</h2>
        {children}
      </aside>
    </Sheet>
  );
}
