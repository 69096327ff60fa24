/* The answer of the merge check: the outcome in words and by name, the counts, the annotated events left without a match. */
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { needsResolution } from '../../../domain/import/merge-outcome.ts';
import { OUTCOME_TITLES, outcomeExplanation } from './merge-outcome-text.ts';
import type { ReimportCheck } from './reimport-api.ts';
import { PreviewTable } from '../../ui/preview-table.tsx';
import { StreamTime } from './stream-time.tsx';

const TD = 'px-2 py-0.5 align-top';

function Count({ term, name, value }: { term: string; name: string; value: number }) {
  return (
    <div className="contents">
      <dt className="text-muted">{term}</dt>
      <dd data-check={name} className="tabular-nums">
        {value.toLocaleString()}
      </dd>
    </div>
  );
}

export function ReimportCheckView({ check, zone }: { check: ReimportCheck; zone: string }) {
  useTimeZoneReady(zone);
  const unmatchedCount = check.unmatchedAnnotatedEventCount ?? check.unmatchedAnnotatedEvents.length;
  const conflict = needsResolution(check.outcome);
  return (
    <div className="flex flex-col gap-2" aria-label="Merge check">
      <p className={conflict ? 'text-warning' : ''} data-check="outcome">
        <span className="font-semibold">{OUTCOME_TITLES[check.outcome]}</span>{' '}
        <code className="text-sm">({check.outcome})</code>
      </p>
      <p className="text-sm">{outcomeExplanation(check.outcome, unmatchedCount)}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5 text-sm">
        <Count term="Events now" name="current" value={check.currentEventCount} />
        <Count term="Events in the new file" name="new" value={check.newEventCount} />
        <Count term="Matched" name="matched" value={check.matchedEventCount} />
        <Count term="Invalid rows in the new file" name="invalid" value={check.invalidRowCount} />
      </dl>
      {check.unmatchedAnnotatedEvents.length > 0 ? (
        <PreviewTable label="Annotated events without a match" heads={['Time', 'Message', 'Annotations']}>
          {check.unmatchedAnnotatedEvents.map((event) => (
            <tr key={event.eventID} className="border-b border-line last:border-b-0">
              <td className={TD}>
                <StreamTime micros={event.startTimestamp} zone={zone} />
              </td>
              <td className={`${TD} max-w-md truncate`} title={event.message}>
                {event.message}
              </td>
              <td className={TD}>{event.annotations.join(', ')}</td>
            </tr>
          ))}
        </PreviewTable>
      ) : null}
      {unmatchedCount > check.unmatchedAnnotatedEvents.length ? (
        <p className="text-sm text-muted">
          and {(unmatchedCount - check.unmatchedAnnotatedEvents.length).toLocaleString()} more not listed
        </p>
      ) : null}
    </div>
  );
}
