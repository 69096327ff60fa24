/*
 * The create-map view (visualization create-map): a geo file (delimited text, GPX, KML, GeoJSON, IGC,
 * NMEA) is read in a worker with the parser the server runs, its format, columns and settings detected
 * and shown with the reason for the analyst to correct, the valid and invalid points shown; Save sends
 * the file and the settings, and the new map opens.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { useState } from 'react';
import { formatOf, type MapSettings } from '../../../domain/geo/geo-settings.ts';
import type { IncidentMap } from '../../../domain/geo/map-answers.ts';
import { isAbortError } from '../../data/api-client.ts';
import { createMap } from '../../data/maps-api.ts';
import { type UploadProgress } from '../../data/upload-with-progress.ts';
import { useCancellableRequest } from '../../data/use-cancellable-request.ts';
import { ApiRequestError } from '../../data/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { GeoColumnFields } from './geo-column-fields.tsx';
import { GeoFormatFields } from './geo-format-fields.tsx';
import { GeoPreviewTables } from './geo-preview-tables.tsx';
import { MapSettingsFields } from './map-settings-fields.tsx';
import { useGeoPreview } from './use-geo-preview.ts';
import { FilePicker } from '../../ui/file-picker.tsx';

const GEO_FILE_TYPES =
  '.csv,.tsv,.txt,.gpx,.kml,.kmz,.tcx,.geojson,.json,.czml,.igc,.nmea,.log,text/csv,text/tab-separated-values,text/plain,application/gpx+xml,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/geo+json,application/json';

type FieldErrors = Partial<Record<keyof MapSettings | 'file', string>>;

export function CreateMapScreen({
  incidentID,
  mapCount,
  zone,
  onCreated,
}: {
  incidentID: number;
  mapCount: number;
  zone: string;
  onCreated: (map: IncidentMap) => void;
}) {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [chosenSettings, setSettings] = useState<MapSettings | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState<{ progress: UploadProgress | undefined } | undefined>(undefined);
  const request = useCancellableRequest();
  const { state, run, cancel } = useGeoPreview();

  // The detected settings are the draft until the analyst corrects one.
  const settings = chosenSettings ?? (state.phase === 'ready' ? state.result.settings : undefined);

  const choose = (chosen: File) => {
    setFile(chosen);
    setSettings(undefined);
    setServerErrors({});
    run(chosen, undefined, mapCount);
  };
  const change = (patch: Partial<MapSettings>) => {
    if (!settings || !file) return;
    const next = { ...settings, ...patch };
    setSettings(next);
    setServerErrors({});
    run(file, next, mapCount);
  };
  const save = async () => {
    if (!file || !settings) return;
    const signal = request.start();
    setSaving({ progress: undefined });
    try {
      const map = await createMap(incidentID, file, settings, {
        signal,
        onProgress: (progress) => setSaving({ progress }),
      });
      onCreated(map);
    } catch (error) {
      if (isAbortError(error)) return;
      const apiError = error instanceof ApiRequestError ? error.apiError : undefined;
      const sent = apiError?.field ?? 'file';
      // A field this form shows gets the message beside it; anything else (the body) goes beside the file.
      const field: keyof FieldErrors = sent in settings || sent === 'file' ? (sent as keyof FieldErrors) : 'file';
      // The server's message starts with the field's own name, which the label already says.
      const message =
        (field === sent ? apiError?.message.replace(new RegExp(`^${sent} `), '') : apiError?.message) ??
        (error instanceof Error ? error.message : String(error));
      setServerErrors({ [field]: message });
    } finally {
      setSaving(undefined);
    }
  };

  const result = state.phase === 'ready' ? state.result : undefined;
  const failed = result?.status === 'failed' ? result : undefined;
  const done = result?.status === 'done' ? result : undefined;
  const columns = result ? result.columns : [];
  const errors: FieldErrors = { ...(failed ? { [failed.field]: failed.reason } : {}), ...serverErrors };
  const sendProgress = saving?.progress?.phase === 'sending' ? saving.progress : undefined;

  return (
    <section aria-labelledby="create-map-title" className="flex flex-col gap-4 p-4">
      <h2 id="create-map-title" className="text-lg font-semibold">
        Create map
      </h2>
      <FilePicker
        label="Geo CSV or track file"
        hint="A track as delimited text (a time, a latitude and a longitude per row; altitude, heading, pitch, roll and actor when it has them), or a GPX, KML, TCX, GeoJSON, IGC or NMEA file."
        accept={GEO_FILE_TYPES}
        file={file}
        onChoose={choose}
        error={errors.file}
      />
      {state.phase === 'running' ? (
        <div className="flex items-center gap-3">
          <ProgressBar
            label="Reading the file"
            value={state.progress?.bytesRead ?? 0}
            max={state.progress?.totalBytes ?? file?.size}
            className="w-64"
          />
          <span className="text-sm text-muted tabular-nums">
            {countNoun(state.progress?.validCount ?? 0, 'point')} read
          </span>
          <Button onClick={cancel}>Cancel</Button>
        </div>
      ) : null}
      {state.phase === 'error' ? (
        <p role="alert" className="text-sm text-danger">
          The file could not be read: {state.message}
        </p>
      ) : null}
      {settings ? (
        <>
          <GeoFormatFields
            settings={settings}
            detectedReason={result?.detectedReason}
            disabled={saving !== undefined}
            onChange={change}
          />
          <MapSettingsFields settings={settings} errors={errors} disabled={saving !== undefined} onChange={change} />
          {formatOf(settings) === 'csv' ? (
            <GeoColumnFields
              columns={columns}
              sampleRow={done?.sampleRows[0]}
              identified={settings.identifiedColumns}
              error={errors.identifiedColumns}
              disabled={saving !== undefined}
              onChange={(identifiedColumns) => change({ identifiedColumns })}
            />
          ) : errors.identifiedColumns ? (
            <p role="alert" className="text-sm text-danger">
              {errors.identifiedColumns}
            </p>
          ) : null}
        </>
      ) : null}
      {done ? (
        <GeoPreviewTables
          validCount={done.validCount}
          invalidCount={done.invalidCount}
          firstPoints={done.firstPoints}
          invalid={done.invalid}
          zone={zone}
        />
      ) : null}
      {settings ? (
        <div className="flex items-center gap-3">
          <Button
            variant="primary"
            disabled={!done || done.validCount === 0 || saving !== undefined}
            onClick={() => void save()}
          >
            Save map
          </Button>
          {saving ? (
            <>
              <ProgressBar
                label="Sending the file"
                value={sendProgress?.sentBytes ?? 0}
                max={sendProgress ? sendProgress.totalBytes : undefined}
                className="w-64"
              />
              <span className="text-sm text-muted">
                {sendProgress ? 'Sending…' : 'Reading the points on the server…'}
              </span>
              <Button onClick={request.cancel}>Cancel</Button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
