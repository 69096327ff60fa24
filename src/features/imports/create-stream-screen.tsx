/*
 * /incident/{id}/create-stream: choose an evidence file, check what the worker's preview makes of it
 * (format, columns, first rows, invalid rows), adjust the mapping and zone, name the stream, then
 * import it, with the upload's progress, and the way to cancel it.
 */
import { useState } from 'react';
import { ApiRequestError, isAbortError } from '../../data/api-client.ts';
import type { UploadProgress as UploadProgressValue } from '../../data/upload-with-progress.ts';
import { useCancellableRequest } from '../../data/use-cancellable-request.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { EvidencePreview, type EvidenceChoice } from './evidence-preview.tsx';
import { importStream, refreshIncidentMirror, type ImportAnswer } from './imports-api.ts';
import { ImportResultPanel } from './import-result-panel.tsx';

type FieldErrors = Partial<Record<'file' | 'streamName' | 'timeZone' | 'settings' | 'other', string>>;

function errorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiRequestError && error.apiError) {
    const { field, message } = error.apiError;
    const text = field === null ? message : `${field} ${message}`;
    if (field === 'file' || field === 'streamName' || field === 'timeZone' || field === 'settings')
      return { [field]: text };
    return { other: text };
  }
  return { other: error instanceof Error ? error.message : String(error) };
}

export function CreateStreamScreen({
  incidentID,
  firstEventMicros,
}: {
  incidentID: number;
  /** The incident's first event: where undated or zero-based times start unless the analyst says otherwise. */
  firstEventMicros?: number | undefined;
}) {
  const [choice, setChoice] = useState<EvidenceChoice | undefined>(undefined);
  const [streamName, setStreamName] = useState('');
  const [progress, setProgress] = useState<UploadProgressValue | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useCancellableRequest();

  const submit = async () => {
    if (!choice) return;
    const signal = request.start();
    setImporting(true);
    setCancelled(false);
    setProgress(undefined);
    setErrors({});
    try {
      const upload = {
        file: choice.file,
        streamName: streamName.trim() || choice.file.name,
        timeZone: choice.timeZone,
        settings: choice.settings,
      };
      setAnswer(await importStream(incidentID, upload, signal, setProgress));
      refreshIncidentMirror(incidentID);
    } catch (error) {
      if (isAbortError(error)) setCancelled(true);
      else setErrors(errorsOf(error));
    } finally {
      setImporting(false);
      setProgress(undefined);
    }
  };

  const canImport = choice !== undefined && !importing && streamName.trim() !== '' && answer === undefined;

  return (
    <section aria-labelledby="create-stream-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="create-stream-heading" className="text-base font-semibold">
        Create a stream from evidence
      </h2>
      <EvidencePreview
        errors={errors}
        onFile={(file) => {
          setStreamName(file.name);
          setAnswer(undefined);
          setCancelled(false);
          setErrors({});
        }}
        onChoice={setChoice}
        firstEventMicros={firstEventMicros}
      />
      {choice ? (
        <form
          className="flex flex-col gap-3"
          aria-label="Import"
          onSubmit={(event) => {
            event.preventDefault();
            if (canImport) void submit();
          }}
        >
          <TextField
            label="Stream name"
            value={streamName}
            maxLength={200}
            error={errors.streamName}
            onChange={(event) => setStreamName(event.target.value)}
          />
          {errors.other ? (
            <p role="alert" className="text-sm text-danger">
              {errors.other}
            </p>
          ) : null}
          {importing ? (
            <UploadProgress
              progress={progress}
              label="Uploading the file"
              serverLabel="Importing on the server"
              onCancel={request.cancel}
            />
          ) : (
            <div>
              <Button type="submit" variant="primary" disabled={!canImport}>
                Import
              </Button>
            </div>
          )}
          {cancelled ? (
            <p role="status" className="text-sm text-muted">
              Import cancelled: nothing was imported if the upload had not finished.
            </p>
          ) : null}
        </form>
      ) : null}
      {answer ? <ImportResultPanel incidentID={incidentID} answer={answer} /> : null}
    </section>
  );
}
