/* The server's answer to an import: the streams it made, the counts and the rows it refused. */
import { countNoun } from '../../../domain/count-noun.ts';
import { Link } from '@tanstack/react-router';
import type { ImportAnswer } from './imports-api.ts';
import { InvalidRowsTable } from './import-preview-table.tsx';
import { formatName } from '../../../domain/import/format-names.ts';

export function ImportResultPanel({ incidentID, answer }: { incidentID: number; answer: ImportAnswer }) {
  // importedCount counts markers (HAR pages) too; they go to the marker stream, not the new streams.
  const eventCount = answer.streams.reduce((sum, stream) => sum + stream.eventCount, 0);
  const markerCount = answer.importedCount - eventCount;
  return (
    <section
      aria-labelledby="import-result-heading"
      className="flex flex-col gap-2 rounded-md border border-line bg-panel p-3"
    >
      <h2 id="import-result-heading" className="font-semibold">
        Imported
      </h2>
      <p role="status">
        <span data-result="imported" className="font-semibold tabular-nums">
          {eventCount.toLocaleString()}
        </span>{' '}
        events imported from the {formatName(answer.format)} file
        {markerCount > 0 ? ` (and ${markerCount.toLocaleString()} marker${markerCount === 1 ? '' : 's'})` : ''},{' '}
        <span data-result="invalid" className="tabular-nums">
          {answer.invalidCount.toLocaleString()}
        </span>{' '}
        invalid rows left out.
      </p>
      <ul className="text-sm">
        {answer.streams.map((stream) => (
          <li key={stream.id}>
            Stream <span className="font-medium">{stream.name}</span>: {countNoun(stream.eventCount, 'event')} ·{' '}
            <Link
              to="/incident/$incidentID/{-$viewName}/stream/$streamID"
              params={{ incidentID, viewName: undefined, streamID: stream.id }}
              className="text-accent underline-offset-2 hover:underline"
            >
              Open the stream
            </Link>
          </li>
        ))}
      </ul>
      <InvalidRowsTable rows={answer.invalid} label="Rows the server left out" />
      {answer.invalidNotListed > 0 ? (
        <p className="text-sm text-muted">
          and {answer.invalidNotListed.toLocaleString()} more invalid rows not listed
        </p>
      ) : null}
    </section>
  );
}
