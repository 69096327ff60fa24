/* A date and time typed in the chosen zone (not the browser's), reported as microseconds since the epoch. */
import { useId } from 'react';
import { inputToMicros, microsToInput } from '../../../domain/time/datetime-local-input.ts';
import { SETTING_CONTROL, SettingField } from './setting-field.tsx';

export function LocalTimeInput({
  label,
  timeZone,
  micros,
  onChange,
}: {
  label: string;
  timeZone: string;
  micros: number | undefined;
  onChange: (micros: number | undefined) => void;
}) {
  const id = useId();
  return (
    <SettingField id={id} label={`${label} (${timeZone})`}>
      <input
        id={id}
        type="datetime-local"
        step={1}
        className={SETTING_CONTROL}
        key={`${timeZone}-${micros ?? ''}`}
        defaultValue={microsToInput(micros, timeZone)}
        onBlur={(event) => onChange(inputToMicros(event.target.value, timeZone))}
      />
    </SettingField>
  );
}
