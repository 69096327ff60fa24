/* The detected kind of each column, with a sample value, for the analyst to correct. */
import { GEO_COLUMNS, type GeoColumn, type IdentifiedColumns } from '../../../domain/geo/geo-settings.ts';
import { OptionList } from '../../ui/option-list.tsx';

const LABELS: Record<GeoColumn, string> = {
  timestamp: 'timestamp',
  hour_minute_second: 'hour_minute_second',
  actor: 'actor',
  latitude: 'latitude',
  longitude: 'longitude',
  altitude: 'altitude',
  heading: 'heading',
  pitch: 'pitch',
  roll: 'roll',
  position: 'position (latitude,longitude)',
  date: 'date (with the time of day)',
  utc_offset: 'UTC offset of the local time',
  elapsed_milliseconds: 'milliseconds since the start (with the timestamp)',
  latitude_hemisphere: 'N or S of the latitude',
  longitude_hemisphere: 'E or W of the longitude',
};
const COLUMN_CHOICES = GEO_COLUMNS.map((kind) => ({ value: kind, label: LABELS[kind] }));

export function GeoColumnFields({
  columns,
  sampleRow,
  identified,
  error,
  disabled,
  onChange,
}: {
  columns: readonly string[];
  sampleRow: readonly string[] | undefined;
  identified: IdentifiedColumns;
  error: string | undefined;
  disabled: boolean;
  onChange: (next: IdentifiedColumns) => void;
}) {
  const choose = (index: number, kind: string) => {
    const next: IdentifiedColumns = {};
    for (const [key, value] of Object.entries(identified))
      if (value !== kind && key !== String(index)) next[key] = value;
    if (kind !== '') next[String(index)] = kind as GeoColumn;
    onChange(next);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? 'geo-columns-error' : undefined}>
      <legend className="font-medium">Columns</legend>
      <div className="max-h-72 overflow-auto rounded-md border border-line">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-panel text-left text-muted">
            <tr>
              <th className="px-2 py-1 font-normal">#</th>
              <th className="px-2 py-1 font-normal">Column</th>
              <th className="px-2 py-1 font-normal">First value</th>
              <th className="px-2 py-1 font-normal">Read as</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((name, index) => (
              <tr key={index} className="border-t border-line">
                <td className="px-2 py-0.5 tabular-nums text-muted">{index}</td>
                <td className="max-w-48 truncate px-2 py-0.5">{name}</td>
                <td className="max-w-48 truncate px-2 py-0.5 text-muted">{sampleRow?.[index] ?? ''}</td>
                <td className="px-2 py-0.5">
                  <select
                    aria-label={`Read column ${index} "${name}" as`}
                    className="rounded border border-line bg-panel px-1 py-0.5 text-ink"
                    value={identified[String(index)] ?? ''}
                    disabled={disabled}
                    onChange={(event) => choose(index, event.target.value)}
                  >
                    <option value="">(not used)</option>
                    <OptionList choices={COLUMN_CHOICES} />
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p id="geo-columns-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
