/*
 * Re-import (issue 5 part 6): an updated file, previewed as create-stream previews it (handed in by
 * the route as `renderPreview`), then "Check" asks the server for the merge outcome, and only then
 * the import runs, with the analyst's resolution when annotated events would lose their match.
 * A 409 naming an outcome means the stream changed since the check: it must be checked again.
 */
import { useId, useState, type ReactNode } from 'react';
import { needsResolution, type MergeResolution } from '../../../domain/import/merge-outcome.ts';
import { ApiRequestError, isAbortError } from '../../data/api-client.ts';
import type { UploadProgress as UploadProgressValue } from '../../data/upload-with-progress.ts';
import { useCancellableRequest } from '../../data/use-cancellable-request.ts';
import { Button } from '../../ui/button.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import {
  checkReimport,
  reimport,
  staleCheckOutcome,
  type ReimportCheck,
  type ReimportFile,
  type ReimportResult,
} from './reimport-api.ts';
import { ReimportCheckView } from './reimport-check-view.tsx';

type ReimportErrors = Partial<Record<'file' | 'timeZone' | 'settings', string>>;

type Phase =
  | { readonly name: 'idle' }
  | { readonly name: 'checking'; readonly progress: UploadProgressValue | undefined }
  | { readonly name: 'checked'; readonly check: ReimportCheck }
  | { readonly name: 'importing'; readonly check: ReimportCheck; readonly progress: UploadProgressValue | undefined }
  | { readonly name: 'done'; readonly result: ReimportResult };

const UPLOAD_WORDS = {
  checking: { label: 'Uploading the file for the check', serverLabel: 'Checking on the server' },
  importing: { label: 'Uploading the file', serverLabel: 'Importing on the server' },
} as const;

function fieldErrorsOf(error: unknown): { fields: ReimportErrors; other: string | undefined } {
  if (error instanceof ApiRequestError && error.apiError) {
    const { field, message } = error.apiError;
    if (field === 'file' || field === 'timeZone' || field === 'settings')
      return { fields: { [field]: `${field} ${message}` }, other: undefined };
    return { fields: {}, other: field === null ? message : `${field} ${message}` };
  }
  return { fields: {}, other: error instanceof Error ? error.message : String(error) };
}

export function ReimportSection({
  streamID,
  zone,
  onMerged,
  renderPreview,
}: {
  streamID: number;
  zone: string;
  onMerged: () => void;
  renderPreview: (onChoice: (choice: ReimportFile | undefined) => void, errors: ReimportErrors) => ReactNode;
}) {
  const headingID = useId();
  const [choice, setChoice] = useState<ReimportFile | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [errors, setErrors] = useState<ReimportErrors>({});
  const [other, setOther] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const request = useCancellableRequest();

  const fail = (error: unknown, back: Phase) => {
    if (isAbortError(error)) {
      setNotice('Cancelled: nothing changed.');
    } else {
      const stale = staleCheckOutcome(error);
      if (stale !== undefined) {
        setNotice(`The stream changed since the check (now ${stale}): check again before importing.`);
        setPhase({ name: 'idle' });
        return;
      }
      const found = fieldErrorsOf(error);
      setErrors(found.fields);
      setOther(found.other);
    }
    setPhase(back);
  };

  const start = () => {
    setErrors({});
    setOther(undefined);
    setNotice(undefined);
    return request.start();
  };

  const check = async () => {
    if (!choice) return;
    const signal = start();
    setPhase({ name: 'checking', progress: undefined });
    try {
      const answer = await checkReimport(streamID, choice, {
        signal,
        onProgress: (progress) => setPhase({ name: 'checking', progress }),
      });
      setPhase({ name: 'checked', check: answer });
    } catch (error) {
      fail(error, { name: 'idle' });
    }
  };

  const runImport = async (checked: ReimportCheck, resolution: MergeResolution | undefined) => {
    if (!choice) return;
    const signal = start();
    setPhase({ name: 'importing', check: checked, progress: undefined });
    try {
      const result = await reimport(streamID, choice, resolution, {
        signal,
        onProgress: (progress) => setPhase({ name: 'importing', check: checked, progress }),
      });
      setPhase({ name: 'done', result });
      onMerged();
    } catch (error) {
      fail(error, { name: 'checked', check: checked });
    }
  };

  const checked = phase.name === 'checked' || phase.name === 'importing' ? phase.check : undefined;
  // The check and the import each upload the file; each step's progress shows where that step stands.
  const uploadProgress = (step: keyof typeof UPLOAD_WORDS) =>
    (phase.name === 'checking' || phase.name === 'importing') && phase.name === step ? (
      <UploadProgress progress={phase.progress} {...UPLOAD_WORDS[step]} onCancel={request.cancel} />
    ) : null;
  return (
    <section aria-labelledby={headingID} className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 id={headingID} className="font-semibold">
        Re-import an updated file
      </h3>
      <p className="text-sm text-muted">
        The stream keeps its name and clock offset; its events are replaced by the new file&apos;s, and annotations move
        to the matching new events. The check comes first and changes nothing.
      </p>
      {renderPreview((next) => {
        setChoice(next);
        if (phase.name !== 'checking' && phase.name !== 'importing') setPhase({ name: 'idle' });
      }, errors)}
      {uploadProgress('checking')}
      {phase.name === 'idle' ? (
        <div>
          <Button variant="primary" disabled={choice === undefined} onClick={() => void check()}>
            Check
          </Button>
        </div>
      ) : null}
      {checked ? <ReimportCheckView check={checked} zone={zone} /> : null}
      {phase.name === 'checked' ? (
        <div className="flex flex-wrap gap-2">
          {needsResolution(phase.check.outcome) ? (
            <>
              <Button variant="primary" onClick={() => void runImport(phase.check, 'keep_unmatched')}>
                Keep unmatched events
              </Button>
              <Button onClick={() => void runImport(phase.check, 'detach_unmatched')}>
                Move their annotations to the stream
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={() => void runImport(phase.check, undefined)}>
              Import
            </Button>
          )}
          <Button variant="ghost" onClick={() => setPhase({ name: 'idle' })}>
            Cancel
          </Button>
        </div>
      ) : null}
      {uploadProgress('importing')}
      {phase.name === 'done' ? <ReimportDone result={phase.result} /> : null}
      {notice ? (
        <p role="status" className="text-sm">
          {notice}
        </p>
      ) : null}
      {other ? (
        <p role="alert" className="text-sm text-danger">
          {other}
        </p>
      ) : null}
    </section>
  );
}

function ReimportDone({ result }: { result: ReimportResult }) {
  return (
    <p role="status" className="text-sm" data-reimport="done">
      Re-imported: <span className="font-semibold tabular-nums">{result.importedCount.toLocaleString()}</span> events (
      {result.outcome}
      {result.resolution ? `, ${result.resolution}` : ''}), {result.carriedAnnotationCount.toLocaleString()} annotations
      carried over
      {result.keptEventCount > 0 ? `, ${result.keptEventCount.toLocaleString()} unmatched events kept` : ''}
      {result.detachedEventCount > 0
        ? `, ${result.detachedEventCount.toLocaleString()} unmatched events removed after their annotations moved to the stream`
        : ''}
      , {result.invalidCount.toLocaleString()} invalid rows left out.
    </p>
  );
}
