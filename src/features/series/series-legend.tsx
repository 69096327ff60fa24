/* The events-over-time heading: the colour of each group, the stream/actor toggle and the way back to the whole incident. */
import { Button } from '../../ui/button.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import type { EventGroup, StackBy } from './use-event-bins.ts';

const STACK_CHOICES: readonly { value: StackBy; label: string }[] = [
  { value: 'stream', label: 'By stream' },
  { value: 'actor', label: 'By actor' },
];

export function SeriesLegend({
  title,
  groups,
  stackBy,
  onStackBy,
  narrowed,
  onWholeIncident,
}: {
  title: string;
  groups: readonly EventGroup[];
  stackBy: StackBy;
  onStackBy: (value: StackBy) => void;
  narrowed: boolean;
  onWholeIncident: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <h3 className="font-semibold">{title}</h3>
      <SegmentedChoice label="Stack events by" choices={STACK_CHOICES} value={stackBy} onChange={onStackBy} />
      <ul className="flex min-w-0 flex-wrap gap-x-2.5 gap-y-0.5" aria-label="Colours">
        {groups.map((group) => (
          <li key={group.label} className="flex min-w-0 items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 shrink-0 rounded-sm"
              style={{ background: group.color }}
            />
            <span className="max-w-40 truncate">{group.label}</span>
          </li>
        ))}
      </ul>
      {narrowed ? (
        <Button className="ml-auto px-2 py-0.5 text-xs" onClick={onWholeIncident}>
          Whole incident
        </Button>
      ) : null}
    </div>
  );
}
