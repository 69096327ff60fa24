/*
 * What the file was detected as, and why (the evidence detection found), beside the format the map
 * will be read as, which the analyst may change: a wrong guess is fixed here, not by renaming files.
 */
import { GEO_FORMATS, formatOf, type GeoFormat, type MapSettings } from '../../../domain/geo/geo-settings.ts';
import { SelectField } from '../../ui/select-field.tsx';

const FORMAT_LABELS: Record<GeoFormat, string> = {
  csv: 'Delimited text (CSV, TSV)',
  gpx: 'GPX',
  kml: 'KML',
  geojson: 'GeoJSON',
  igc: 'IGC flight log',
  nmea: 'NMEA 0183',
  tcx: 'TCX (Garmin Training Center)',
  'adsb-trace': 'ADS-B trace or aircraft.json (ADS-B Exchange, readsb, dump1090, OpenSky track)',
  'location-history': 'Google location history (Takeout, Timeline)',
  owntracks: 'OwnTracks (Recorder .rec, HTTP JSON)',
  czml: 'CZML (Cesium)',
  spot: 'SPOT tracker feed (XML, JSON)',
  'fit-csv': 'FIT as CSV (Garmin FitCSVTool)',
  plt: 'OziExplorer track (.plt)',
};

export function GeoFormatFields({
  settings,
  detectedReason,
  disabled,
  onChange,
}: {
  settings: MapSettings;
  detectedReason: string | undefined;
  disabled: boolean;
  onChange: (patch: Partial<MapSettings>) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Read as"
        className="max-w-xs"
        value={formatOf(settings)}
        disabled={disabled}
        options={GEO_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))}
        onChange={(event) => onChange({ format: event.target.value as GeoFormat })}
      />
      {detectedReason ? (
        <p className="text-sm text-muted" data-testid="geo-detected">
          Detected: {detectedReason}
        </p>
      ) : null}
    </div>
  );
}
