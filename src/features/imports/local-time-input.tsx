/* A date and time typed in the chosen zone (not the browser's), reported as microseconds since the epoch. */
import { useId } from 'react';
import { inputToMicros, microsToInput } from '../../../domain/time/datetime-local-input.ts';

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
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-sm text-muted">
        {label} ({timeZone})
      </label>
      <input
        id={id}
        type="datetime-local"
        step={1}
        className="rounded-md border border-line bg-panel px-2 py-1 text-sm text-ink"
        key={`${timeZone}-${micros ?? ''}`}
        defaultValue={microsToInput(micros, timeZone)}
        onBlur={(event) => onChange(inputToMicros(event.target.value, timeZone))}
      />
    </div>
  );
}
