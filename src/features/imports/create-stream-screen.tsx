/*
 * /incident/{id}/create-stream: choose an evidence file, check what the worker's preview makes of it
 * (format, columns, first rows, invalid rows), adjust the mapping and zone, then import it as a stream.
 */
import { useState } from 'react';
import { ApiRequestError, isAbortError } from '../../data/api-client.ts';
import { readStoredTimeZone } from '../../data/time-zone-storage.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ColumnMappingFields } from './column-mapping-fields.tsx';
import { EvidenceFilePicker } from './evidence-file-picker.tsx';
import { importStream, type ImportAnswer } from './imports-api.ts';
import { ImportPreviewSection } from './import-preview-section.tsx';
import { ImportResultPanel } from './import-result-panel.tsx';
import { initialMapping, needsMapping, settingsOf, type MappingDraft } from './import-settings-draft.ts';
import { TimeZoneField } from './time-zone-field.tsx';
import { useImportPreview } from './use-import-preview.ts';

type FieldErrors = Partial<Record<'file' | 'streamName' | 'timeZone' | 'settings' | 'other', string>>;

function startingTimeZone(): string {
  const stored = readStoredTimeZone();
  return stored !== undefined && isKnownTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

function errorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiRequestError && error.apiError) {
    const { field, message } = error.apiError;
    const text = field === null ? message : `${field} ${message}`;
    if (field === 'file' || field === 'streamName' || field === 'timeZone' || field === 'settings') return { [field]: text };
    return { other: text };
  }
  return { other: error instanceof Error ? error.message : String(error) };
}

export function CreateStreamScreen({ incidentID }: { incidentID: number }) {
  const preview = useImportPreview();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [timeZone, setTimeZone] = useState(startingTimeZone);
  const [mappingChoice, setMappingChoice] = useState<MappingDraft | undefined>(undefined);
  const [streamName, setStreamName] = useState('');
  const [importing, setImporting] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});

  const detection = preview.latest?.detection;
  const mapping = mappingChoice ?? initialMapping(detection);
  const settings = detection ? settingsOf(detection, mapping, timeZone) : undefined;
  const previewDone = preview.state.phase === 'ready' && preview.state.result.status === 'done';

  const choose = (chosen: File) => {
    preview.reset();
    setFile(chosen);
    setStreamName(chosen.name);
    setMappingChoice(undefined);
    setAnswer(undefined);
    setErrors({});
    preview.run(chosen, undefined, timeZone);
  };

  const rerun = (nextMapping: MappingDraft, nextZone: string) => {
    if (!file || !detection) return;
    const next = settingsOf(detection, nextMapping, nextZone);
    if (next !== undefined) preview.run(file, next, nextZone);
  };

  const submit = async () => {
    if (!file || !settings) return;
    setImporting(true);
    setErrors({});
    try {
      setAnswer(await importStream(incidentID, { file, streamName: streamName.trim() || file.name, timeZone, settings }));
    } catch (error) {
      if (!isAbortError(error)) setErrors(errorsOf(error));
    } finally {
      setImporting(false);
    }
  };

  const canImport = file !== undefined && settings !== undefined && previewDone && !importing && streamName.trim() !== '' && answer === undefined;

  return (
    <section aria-labelledby="create-stream-heading" className="flex flex-col gap-4">
      <h2 id="create-stream-heading" className="text-base font-semibold">
        Create a stream from evidence
      </h2>
      <EvidenceFilePicker file={file} onChoose={choose} error={errors.file} />
      <ImportPreviewSection state={preview.state} latest={preview.latest} timeZone={timeZone} onCancel={preview.cancel} />
      {detection && preview.latest?.status !== 'failed' && detection.format !== undefined ? (
        <form
          className="flex flex-col gap-3 rounded-md border border-line bg-panel p-3"
          aria-label="Import settings"
          onSubmit={(event) => {
            event.preventDefault();
            if (canImport) void submit();
          }}
        >
          {needsMapping(detection) ? (
            <ColumnMappingFields
              columns={detection.columns}
              mapping={mapping}
              onChange={(next) => {
                setMappingChoice(next);
                rerun(next, timeZone);
              }}
            />
          ) : null}
          {errors.settings ? (
            <p role="alert" className="text-sm text-danger">
              {errors.settings}
            </p>
          ) : null}
          <div className="flex flex-wrap items-start gap-4">
            <TimeZoneField
              value={timeZone}
              error={errors.timeZone}
              onChange={(zone) => {
                setTimeZone(zone);
                rerun(mapping, zone);
              }}
            />
            <TextField label="Stream name" value={streamName} maxLength={200} error={errors.streamName} onChange={(event) => setStreamName(event.target.value)} />
          </div>
          {errors.other ? (
            <p role="alert" className="text-sm text-danger">
              {errors.other}
            </p>
          ) : null}
          <div>
            <Button type="submit" variant="primary" disabled={!canImport}>
              {importing ? 'Importing…' : 'Import'}
            </Button>
          </div>
        </form>
      ) : null}
      {answer ? <ImportResultPanel incidentID={incidentID} answer={answer} /> : null}
    </section>
  );
}
