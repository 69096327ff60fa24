/* The preview's state: progress while the worker reads, then what it found, or why it cannot. */
import type { ImportPreviewResult } from '../../data/import-preview-api.ts';
import { ImportProgressBar } from './import-progress-bar.tsx';
import { FirstRowsTable, InvalidRowsTable } from './import-preview-table.tsx';
import { ImportSummaryList } from './import-summary-list.tsx';
import type { PreviewState } from './use-import-preview.ts';

type Finished = Exclude<ImportPreviewResult, { status: 'cancelled' }>;

export function ImportPreviewSection({
  state,
  latest,
  timeZone,
  onCancel,
}: {
  state: PreviewState;
  latest: Finished | undefined;
  timeZone: string;
  onCancel: () => void;
}) {
  return (
    <section aria-label="Preview" className="flex flex-col gap-3">
      {state.phase === 'running' ? <ImportProgressBar progress={state.progress} onCancel={onCancel} /> : null}
      {state.phase === 'cancelled' ? (
        <p role="status" className="text-sm text-muted">
          Preview cancelled. Choose the file again to read it.
        </p>
      ) : null}
      {state.phase === 'error' ? (
        <p role="alert" className="text-danger">
          The preview failed: {state.message}
        </p>
      ) : null}
      {latest ? <Result result={latest} timeZone={timeZone} stale={state.phase === 'running'} /> : null}
    </section>
  );
}

function Result({ result, timeZone, stale }: { result: Finished; timeZone: string; stale: boolean }) {
  const { detection } = result;
  if (detection.format === undefined) {
    return (
      <p role="alert" className="rounded-md border border-danger p-3 text-danger">
        Not supported: {detection.reason}
      </p>
    );
  }
  if (result.status === 'failed') {
    return (
      <div className="flex flex-col gap-2">
        <ImportSummaryList detection={detection} summary={undefined} markerCount={0} />
        <p role="alert" className="text-danger">
          This file cannot be imported: {result.reason}
        </p>
      </div>
    );
  }
  const { summary } = result;
  return (
    <div className={`flex flex-col gap-3 ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
      <ImportSummaryList detection={detection} summary={summary} markerCount={result.markerCount} />
      {summary ? (
        <>
          <h3 className="text-sm font-semibold">
            First rows
            {summary.validCount > result.firstRows.length
              ? ` (${result.firstRows.length} of ${summary.validCount.toLocaleString()})`
              : ''}
          </h3>
          <FirstRowsTable rows={result.firstRows} timeZone={timeZone} />
          {result.invalid.length > 0 ? (
            <>
              <h3 className="text-sm font-semibold">
                Invalid rows
                {summary.invalidCount > result.invalid.length
                  ? ` (first ${result.invalid.length} of ${summary.invalidCount.toLocaleString()})`
                  : ''}
              </h3>
              <InvalidRowsTable rows={result.invalid} label="Invalid rows" />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
