/*
 * One end of a time interval typed as text ("From", "To"), with its reason beside it when it does not
 * read as a date: the incident's toolbar and the organization's filter bar both use it.
 */
import { INTERVAL_PATTERN } from '../../domain/time/interval-text.ts';

const fieldClass = 'rounded-md border bg-panel px-2 py-1 text-ink placeholder:text-muted';

interface IntervalFieldProps {
  /** Unique on the page: the input's id is `${idPrefix}-${end}`. */
  idPrefix: string;
  end: 'from' | 'to';
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}

export function IntervalField({ idPrefix, end, label, value, error, onChange }: IntervalFieldProps) {
  const id = `${idPrefix}-${end}`;
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        value={value}
        placeholder={INTERVAL_PATTERN}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass} w-44 font-mono text-xs ${error ? 'border-danger' : 'border-line'}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
