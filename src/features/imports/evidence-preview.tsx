/*
 * Choose an evidence file, see what the worker's preview makes of it, and fix anything detection got
 * wrong: the family, the layout, the columns (a date column plus a time column, a UTC-offset column),
 * how times read, the zone. Reports the file and the settings once the preview of exactly those
 * settings is done and found a valid row. Used by the create-stream view and by re-import.
 */
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { FormatDetection } from '../../../domain/import/detect-format.ts';
import type { ImportFormat } from '../../../domain/import/import-record.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import { readStoredTimeZone } from '../../data/time-zone-storage.ts';
import { ColumnMappingFields } from './column-mapping-fields.tsx';
import { DelimitedLayoutFields } from './delimited-layout-fields.tsx';
import { delimitedSample, fileStartText, firstValues } from './delimited-sample.ts';
import { FieldMappingFields } from './field-mapping-fields.tsx';
import { FormatField } from './format-field.tsx';
import { ImportPreviewSection } from './import-preview-section.tsx';
import { completeSettings, initialDraft, withTimeZone, type SettingsDraft } from './import-settings-draft.ts';
import { jsonFieldPaths, sampleJsonRows } from './json-field-paths.ts';
import { SampleCellsTable } from './sample-cells-table.tsx';
import { TimeReadingFields, type TimePatch } from './time-reading-fields.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { useImportPreview } from './use-import-preview.ts';
import { FilePicker } from '../../ui/file-picker.tsx';

export interface EvidenceChoice {
  readonly file: File;
  readonly settings: ImportSettings;
  readonly timeZone: string;
}

type EvidenceErrors = Partial<Record<'file' | 'timeZone' | 'settings', string>>;

const SAMPLE_BYTES = 64 * 1024;

function startingTimeZone(): string {
  const stored = readStoredTimeZone();
  return stored !== undefined && isKnownTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

export function EvidencePreview({
  errors,
  onFile,
  onChoice,
  fileLabel,
  firstEventMicros,
  startDayMicros,
}: {
  errors: EvidenceErrors;
  /** A new file was chosen (before its preview). */
  onFile?: ((file: File) => void) | undefined;
  /** The file and settings whose preview is done with a valid row, or undefined while there are none. */
  onChoice: (choice: EvidenceChoice | undefined) => void;
  fileLabel?: string | undefined;
  /** The incident's first event, where a transcript's zero-based cues start unless the analyst says otherwise. */
  firstEventMicros?: number | undefined;
  /** A re-import: the day its stream's events start, for lines without a date (else the first event's). */
  startDayMicros?: number | undefined;
}) {
  const startDefaults = { firstEventMicros, dayMicros: startDayMicros };
  const preview = useImportPreview();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [timeZone, setTimeZone] = useState(startingTimeZone);
  const [edited, setEdited] = useState<SettingsDraft | undefined>(undefined);
  const [sampleText, setSampleText] = useState('');

  const detection = preview.latest?.detection;
  // The settings the last preview ran with (defaults filled in), else what detection found so far.
  const draft = edited ?? preview.latest?.settings ?? initialDraft(detection, timeZone);
  const settings = completeSettings(draft);
  const settingsKey = settings === undefined ? '' : JSON.stringify(settings);
  const result = preview.state.phase === 'ready' ? preview.state.result : undefined;
  const usable = result?.status === 'done' && (result.summary?.validCount ?? 0) > 0;

  const jsonFields = useMemo(() => {
    if (draft?.format !== 'jsonl') return [];
    const detected = detection?.format === 'jsonl' ? detection.fields : [];
    return [...new Set([...detected, ...jsonFieldPaths(sampleJsonRows(sampleText))])];
  }, [draft?.format, detection, sampleText]);

  const layoutKey =
    draft?.format === 'delimited'
      ? JSON.stringify([draft.delimiter, draft.headerRows, draft.preambleRows, draft.quoted, draft.commentPrefix])
      : '';
  const [sample, setSample] = useState<{ text: string; layoutKey: string; rows: string[][] }>({
    text: '',
    layoutKey: '',
    rows: [],
  });
  useEffect(() => {
    if (draft?.format !== 'delimited' || sampleText === '') return;
    let current = true;
    const done = (rows: string[][]) => {
      if (current) setSample({ text: sampleText, layoutKey, rows });
    };
    delimitedSample(sampleText, draft).then(done, () => done([]));
    return () => {
      current = false;
    };
    // layoutKey stands for the parts of the draft that change how rows split.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layoutKey, sampleText]);
  const sampleRows = sample.text === sampleText && sample.layoutKey === layoutKey ? sample.rows : [];

  const report = useEffectEvent((next: EvidenceChoice | undefined) => onChoice(next));
  useEffect(() => {
    report(file !== undefined && settings !== undefined && usable ? { file, settings, timeZone } : undefined);
    // settingsKey stands for settings (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, settingsKey, usable, timeZone]);

  const choose = (chosen: File) => {
    preview.reset();
    setFile(chosen);
    setEdited(undefined);
    setSampleText('');
    onFile?.(chosen);
    preview.run(chosen, undefined, timeZone, undefined, startDefaults);
    fileStartText(chosen, SAMPLE_BYTES).then(setSampleText, () => setSampleText(''));
  };

  /** Previews again with the changed draft; a draft without its start time waits for the next change. */
  const change = (next: SettingsDraft) => {
    setEdited(next);
    const complete = completeSettings(next);
    if (file && complete !== undefined) preview.run(file, complete, timeZone);
  };
  const changeFormat = (format: ImportFormat) => {
    if (!file) return;
    setEdited(undefined);
    preview.run(file, undefined, timeZone, format, startDefaults);
  };
  const changeZone = (zone: string) => {
    setTimeZone(zone);
    if (!file || draft === undefined) return;
    const next = withTimeZone(draft, zone);
    setEdited(next);
    const complete = completeSettings(next);
    if (complete !== undefined) preview.run(file, complete, zone);
  };
  const patchTimes = (patch: TimePatch) => {
    if (draft === undefined) return;
    const next: Record<string, unknown> = { ...draft };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    change(next as SettingsDraft);
  };

  const columns =
    draft?.format === 'delimited'
      ? columnsOf(
          result?.status === 'done' ? result.summary?.columns : undefined,
          draft.headerRows > 0 || draft.columnNames !== undefined ? detection : undefined,
          sampleRows,
        )
      : [];
  const readable = detection !== undefined && file !== undefined;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <FilePicker
        label={fileLabel ?? 'Evidence file'}
        hint="Or drop a file here: delimited text, Zeek logs, HAR, Timesketch, JSON Lines or a Slack export zip."
        file={file}
        onChoose={choose}
        error={errors.file}
      />
      <ImportPreviewSection
        state={preview.state}
        latest={preview.latest}
        timeZone={timeZone}
        onCancel={preview.cancel}
      />
      {readable ? (
        <fieldset
          className="flex min-w-0 flex-col gap-3 rounded-md border border-line bg-panel p-3"
          aria-label="Import settings"
        >
          <FormatField value={draft?.format ?? detection.format} onChange={changeFormat} />
          {draft?.format === 'delimited' ? (
            <>
              <DelimitedLayoutFields draft={draft} onChange={(patch) => change({ ...draft, ...patch })} />
              <SampleCellsTable columns={columns} rows={sampleRows} mapping={draft.mapping} />
              <ColumnMappingFields
                columns={columns}
                samples={firstValues(sampleRows, columns.length)}
                mapping={draft.mapping}
                onChange={(mapping) => change({ ...draft, mapping })}
              />
            </>
          ) : null}
          {draft?.format === 'jsonl' ? (
            <FieldMappingFields
              fields={jsonFields}
              mapping={draft.fields}
              onChange={(fields) => change({ ...draft, fields })}
            />
          ) : null}
          {draft !== undefined ? (
            <TimeReadingFields key={draft.format} draft={draft} timeZone={timeZone} onChange={patchTimes} />
          ) : null}
          {errors.settings ? (
            <p role="alert" className="text-sm text-danger">
              {errors.settings}
            </p>
          ) : null}
          <TimeZoneField value={timeZone} error={errors.timeZone} onChange={changeZone} />
        </fieldset>
      ) : null}
    </div>
  );
}

/** Column names: the parser's, else the detection's, filled out to the widest sample row. */
function columnsOf(
  parsed: readonly string[] | undefined,
  detection: FormatDetection | undefined,
  rows: readonly (readonly string[])[],
): string[] {
  const detected = detection !== undefined && 'columns' in detection ? detection.columns : [];
  const names = parsed !== undefined && parsed.length > 0 ? parsed : detected;
  const width = Math.max(names.length, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, index) => names[index] ?? `column ${index + 1}`);
}
