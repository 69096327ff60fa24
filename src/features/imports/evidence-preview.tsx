/*
 * Choose an evidence file, see what the worker's preview makes of it, and shape the settings:
 * column or JSON field mapping, numeric unit, time zone. Reports the file and the settings once the
 * preview of exactly those settings is done. Used by the create-stream view and, composed in the
 * stream route, by re-import (issue 5 part 6), so both read a file the same way.
 */
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '../../../domain/time/time-zone-table.ts';
import type { NumericTimestampUnit } from '../../../domain/time/parse-date.ts';
import { readStoredTimeZone } from '../../data/time-zone-storage.ts';
import { ColumnMappingFields } from './column-mapping-fields.tsx';
import { EvidenceFilePicker } from './evidence-file-picker.tsx';
import { FieldMappingFields } from './field-mapping-fields.tsx';
import { ImportPreviewSection } from './import-preview-section.tsx';
import {
  canMapFields,
  fieldSettingsOf,
  initialFieldMapping,
  initialMapping,
  mapsFields,
  needsMapping,
  settingsOf,
  type FieldMappingDraft,
  type MappingDraft,
  type ReadAs,
} from './import-settings-draft.ts';
import { jsonFieldPaths, numericUnitOfField, sampleJsonRows } from './json-field-paths.ts';
import { ReadAsField } from './read-as-field.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { useImportPreview } from './use-import-preview.ts';

export interface EvidenceChoice {
  readonly file: File;
  readonly settings: ImportSettings;
  readonly timeZone: string;
}

export type EvidenceErrors = Partial<Record<'file' | 'timeZone' | 'settings', string>>;

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
}: {
  errors: EvidenceErrors;
  /** A new file was chosen (before its preview). */
  onFile?: ((file: File) => void) | undefined;
  /** The file and settings whose preview is done, or undefined while there are none. */
  onChoice: (choice: EvidenceChoice | undefined) => void;
  fileLabel?: string | undefined;
}) {
  const preview = useImportPreview();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [timeZone, setTimeZone] = useState(startingTimeZone);
  const [mappingChoice, setMappingChoice] = useState<MappingDraft | undefined>(undefined);
  const [fieldChoice, setFieldChoice] = useState<FieldMappingDraft | undefined>(undefined);
  const [unitChoice, setUnitChoice] = useState<NumericTimestampUnit | undefined>(undefined);
  const [readAs, setReadAs] = useState<ReadAs>('detected');
  const [jsonRows, setJsonRows] = useState<ReturnType<typeof sampleJsonRows>>([]);

  const detection = preview.latest?.detection;
  const mapping = mappingChoice ?? initialMapping(detection);
  const fieldMapping = fieldChoice ?? initialFieldMapping(detection);
  const fields = useMemo(() => {
    const found = jsonFieldPaths(jsonRows);
    const detected = detection?.format === 'jsonl' ? detection.fields : [];
    return [...new Set([...detected, ...found])];
  }, [jsonRows, detection]);
  // Until the analyst picks fields, the detection's guess (what the first preview ran with) holds.
  const guessUnit = (chosen: FieldMappingDraft, picked: boolean): NumericTimestampUnit => {
    if (picked && chosen.startTime && jsonRows.length > 0) return numericUnitOfField(jsonRows, chosen.startTime);
    return detection?.format === 'jsonl' ? detection.numericUnit : 'seconds';
  };
  const unit = unitChoice ?? guessUnit(fieldMapping, fieldChoice !== undefined);
  const byFields = mapsFields(detection, readAs);

  const settingsFor = (next: { mapping: MappingDraft; fieldMapping: FieldMappingDraft; unit: NumericTimestampUnit; readAs: ReadAs; timeZone: string }) => {
    if (!detection) return undefined;
    return mapsFields(detection, next.readAs) ? fieldSettingsOf(next.fieldMapping, next.unit, next.timeZone) : settingsOf(detection, next.mapping, next.timeZone);
  };
  const current = { mapping, fieldMapping, unit, readAs, timeZone };
  const settings = settingsFor(current);
  const settingsKey = settings === undefined ? '' : JSON.stringify(settings);
  const previewDone = preview.state.phase === 'ready' && preview.state.result.status === 'done';

  const report = useEffectEvent((next: EvidenceChoice | undefined) => onChoice(next));
  useEffect(() => {
    report(file !== undefined && settings !== undefined && previewDone ? { file, settings, timeZone } : undefined);
    // settingsKey stands for settings (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, settingsKey, previewDone, timeZone]);

  const choose = (chosen: File) => {
    preview.reset();
    setFile(chosen);
    setMappingChoice(undefined);
    setFieldChoice(undefined);
    setUnitChoice(undefined);
    setReadAs('detected');
    setJsonRows([]);
    onFile?.(chosen);
    preview.run(chosen, undefined, timeZone);
    chosen
      .slice(0, SAMPLE_BYTES)
      .text()
      .then(
        (text) => setJsonRows(text.trimStart().startsWith('{') ? sampleJsonRows(text) : []),
        () => setJsonRows([]),
      );
  };

  /** Previews again with a changed choice; a choice that leaves no settings waits for the next. */
  const change = (patch: Partial<typeof current>) => {
    if (patch.mapping) setMappingChoice(patch.mapping);
    if (patch.fieldMapping) setFieldChoice(patch.fieldMapping);
    if (patch.unit) setUnitChoice(patch.unit);
    if (patch.readAs) setReadAs(patch.readAs);
    if (patch.timeZone) setTimeZone(patch.timeZone);
    const nextFields = patch.fieldMapping ?? fieldMapping;
    const nextUnit = patch.unit ?? unitChoice ?? guessUnit(nextFields, fieldChoice !== undefined || patch.fieldMapping !== undefined);
    const next = settingsFor({ ...current, ...patch, unit: nextUnit });
    if (file && next !== undefined) preview.run(file, next, patch.timeZone ?? timeZone);
  };

  const readable = detection !== undefined && detection.format !== undefined && preview.latest?.status !== 'failed';
  return (
    <div className="flex flex-col gap-4">
      <EvidenceFilePicker file={file} onChoose={choose} error={errors.file} label={fileLabel} />
      <ImportPreviewSection state={preview.state} latest={preview.latest} timeZone={timeZone} onCancel={preview.cancel} />
      {readable ? (
        <fieldset className="flex flex-col gap-3 rounded-md border border-line bg-panel p-3" aria-label="Import settings">
          {canMapFields(detection) && detection.format === 'timesketch-jsonl' ? <ReadAsField value={readAs} onChange={(next) => change({ readAs: next })} /> : null}
          {needsMapping(detection) ? <ColumnMappingFields columns={detection.columns} mapping={mapping} onChange={(next) => change({ mapping: next })} /> : null}
          {byFields ? (
            <FieldMappingFields
              fields={fields}
              mapping={fieldMapping}
              numericUnit={unit}
              onChange={(next) => change({ fieldMapping: next })}
              onUnitChange={(next) => change({ unit: next })}
            />
          ) : null}
          {errors.settings ? (
            <p role="alert" className="text-sm text-danger">
              {errors.settings}
            </p>
          ) : null}
          <TimeZoneField value={timeZone} error={errors.timeZone} onChange={(zone) => change({ timeZone: zone })} />
        </fieldset>
      ) : null}
    </div>
  );
}
