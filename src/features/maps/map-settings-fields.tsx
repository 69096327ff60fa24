/* The map's settings of spec section 3, each with the server's or the check's reason beside it; the layout and unit settings of delimited text only for a CSV. */
import { SYMBOLS } from '../../../domain/annotations.ts';
import { MAP_DELIMITERS, formatOf, type MapSettings } from '../../../domain/geo/geo-settings.ts';
import { listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';

type Errors = Partial<Record<keyof MapSettings, string>>;

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
      <div className="flex flex-col gap-1">
        <label htmlFor="map-colour" className="font-medium">
          Colour
        </label>
        <input
          id="map-colour"
          type="color"
          className="h-9 w-16 rounded-md border border-line bg-panel"
          value={settings.colour}
          disabled={disabled}
          onChange={(event) => onChange({ colour: event.target.value })}
        />
        {errors.colour ? (
          <p role="alert" className="text-sm text-danger">
            {errors.colour}
          </p>
        ) : null}
      </div>
      <SelectField
        label="Icon"
        value={settings.icon}
        error={errors.icon}
        disabled={disabled}
        options={named(SYMBOLS)}
        onChange={(event) => onChange({ icon: event.target.value as MapSettings['icon'] })}
      />
      <SelectField
        label="Default time zone"
        value={settings.defaultTimeZone}
        error={errors.defaultTimeZone}
        disabled={disabled}
        options={listTimeZoneOptions().map((zone) => ({ value: zone.name, label: zone.label }))}
        onChange={(event) => onChange({ defaultTimeZone: event.target.value })}
      />
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
          <SelectField
            label="Delimiter"
            value={settings.delimiter}
            error={errors.delimiter}
            disabled={disabled}
            options={named(MAP_DELIMITERS)}
            onChange={(event) => onChange({ delimiter: event.target.value as MapSettings['delimiter'] })}
          />
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
          <SelectField
            label="Plain numbers in the timestamp are"
            value={settings.numericUnit}
            disabled={disabled}
            options={named(['seconds', 'microseconds'])}
            onChange={(event) => onChange({ numericUnit: event.target.value as MapSettings['numericUnit'] })}
          />
          <SelectField
            label="Altitude unit"
            value={settings.altitudeUnit}
            disabled={disabled}
            options={named(['metres', 'feet'])}
            onChange={(event) => onChange({ altitudeUnit: event.target.value as MapSettings['altitudeUnit'] })}
          />
        </>
      ) : null}
    </div>
  );
}
