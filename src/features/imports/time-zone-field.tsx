/*
 * The zone for times written without an offset: type a name or pick one from the list. Only names
 * in the zone table are accepted; until then the field says so and the last valid zone stays in use.
 */
import { useMemo, useState } from 'react';
import { isKnownTimeZone, listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { TextField } from '../../ui/text-field.tsx';

export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error: string | undefined;
}) {
  const options = useMemo(() => listTimeZoneOptions(), []);
  const [text, setText] = useState(value);
  const listID = 'import-time-zones';
  const own =
    text !== '' && !isKnownTimeZone(text)
      ? 'is not a known time zone (an IANA name such as Europe/Helsinki)'
      : undefined;
  return (
    <>
      <TextField
        label="Time zone"
        list={listID}
        value={text}
        spellCheck={false}
        autoComplete="off"
        error={own ?? error}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (isKnownTimeZone(next)) onChange(next);
        }}
      />
      <datalist id={listID}>
        {options.map((option) => (
          <option key={option.name} value={option.name} label={option.label} />
        ))}
      </datalist>
    </>
  );
}
