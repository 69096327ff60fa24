/* The map's settings of spec section 3, each with the server's or the check's reason beside it; the layout and unit settings of delimited text only for a CSV. */
import { SYMBOLS } from '../../../domain/annotations.ts';
import {
  MAP_ALTITUDE_UNITS,
  MAP_COORDINATE_UNITS,
  MAP_DATE_ORDERS,
  MAP_DELIMITERS,
  MAP_HEADING_UNITS,
  MAP_NUMERIC_UNITS,
  formatOf,
  type MapCoordinateUnit,
  type MapDateOrder,
  type MapSettings,
} from '../../../domain/geo/geo-settings.ts';
import { listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { classNames } from '../../ui/class-names.ts';
import { LabelledField } from '../../ui/labelled-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Errors = Partial<Record<keyof MapSettings, string>>;
type ChosenSetting =
  | 'icon'
  | 'defaultTimeZone'
  | 'delimiter'
  | 'numericUnit'
  | 'altitudeUnit'
  | 'coordinateUnit'
  | 'dateOrder'
  | 'headingUnit';

const COORDINATE_UNIT_LABELS: Record<MapCoordinateUnit, string> = {
  degrees: 'degrees',
  'degrees-e7': 'degrees × 10^7 (whole numbers)',
  semicircles: 'semicircles (Garmin FIT)',
};

const DATE_ORDER_LABELS: Record<MapDateOrder, string> = {
  mdy: 'month first (05/03 is 3 May)',
  dmy: 'day first (05/03 is 5 March)',
  ymd: 'year first (250724 is 24 July 2025)',
};

/** Choices the analyst reads as the values themselves (units, icons, delimiters). */
const named = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function MapSettingsFields({
  settings,
  errors,
  disabled,
  onChange,
}: {
  settings: MapSettings;
  errors: Errors;
  disabled: boolean;
  onChange: (patch: Partial<MapSettings>) => void;
}) {
  // The settings chosen from a list: each select reads and writes its own key of the same settings.
  const select = (key: ChosenSetting, label: string, options: readonly { value: string; label: string }[]) => (
    <SelectField
      label={label}
      // The two settings older maps may lack read as their defaults: degrees, month first.
      value={settings[key] ?? (key === 'dateOrder' ? 'mdy' : 'degrees')}
      error={errors[key]}
      disabled={disabled}
      options={options}
      // The options are the key's own values, so the chosen text is one of them.
      onChange={(event) => onChange({ [key]: event.target.value } as Partial<MapSettings>)}
    />
  );
  const count = (text: string) => (/^\d+$/.test(text) ? Number(text) : -1);
  const csv = formatOf(settings) === 'csv';
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-3">
      <TextField
        label="Name"
        value={settings.name}
        error={errors.name}
        disabled={disabled}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      <LabelledField
        label="Colour"
        error={errors.colour}
        control={(field) => (
          <input
            {...field}
            type="color"
            className={classNames(field.className, 'h-9 w-16')}
            value={settings.colour}
            disabled={disabled}
            onChange={(event) => onChange({ colour: event.target.value })}
          />
        )}
      />
      {select('icon', 'Icon', named(SYMBOLS))}
      {select(
        'defaultTimeZone',
        'Default time zone',
        listTimeZoneOptions().map((zone) => ({ value: zone.name, label: zone.label })),
      )}
      <TextField
        label="Default year-month-day (for time-only columns)"
        type="date"
        value={settings.defaultDate ?? ''}
        error={errors.defaultDate}
        disabled={disabled}
        onChange={(event) => onChange({ defaultDate: event.target.value === '' ? null : event.target.value })}
      />
      {csv ? (
        <>
          {select('delimiter', 'Delimiter', named(MAP_DELIMITERS))}
          {(
            [
              ['headerRowCount', 'Header rows'],
              ['preambleRowCount', 'Preamble rows'],
            ] as const
          ).map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              type="number"
              min={0}
              value={String(settings[key])}
              error={errors[key]}
              disabled={disabled}
              onChange={(event) => onChange({ [key]: count(event.target.value) })}
            />
          ))}
          {select(
            'numericUnit',
            'Plain numbers in the timestamp are',
            MAP_NUMERIC_UNITS.map((unit) => ({
              value: unit,
              label: unit === 'fit-seconds' ? 'seconds since 1989-12-31 (Garmin FIT)' : unit,
            })),
          )}
          {select(
            'coordinateUnit',
            'Latitudes and longitudes are',
            MAP_COORDINATE_UNITS.map((unit) => ({ value: unit, label: COORDINATE_UNIT_LABELS[unit] })),
          )}
          {select('altitudeUnit', 'Altitude unit', named(MAP_ALTITUDE_UNITS))}
          {select(
            'headingUnit',
            'Headings are',
            MAP_HEADING_UNITS.map((unit) => ({
              value: unit,
              label: unit === 'centidegrees' ? 'hundredths of a degree (MAVLink)' : unit,
            })),
          )}
          {select(
            'dateOrder',
            'Dates are',
            MAP_DATE_ORDERS.map((order) => ({ value: order, label: DATE_ORDER_LABELS[order] })),
          )}
        </>
      ) : null}
    </div>
  );
}
