import { useId, type ComponentProps } from 'react';
import { classNames } from './class-names.ts';

/** A labelled native select (keyboard and screen readers for free) with its error beside it. */
export function SelectField({
  label,
  error,
  options,
  className,
  ...selectProps
}: ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = useId();
  const errorID = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        className={classNames(
          'w-full max-w-form-input rounded-md border bg-panel px-2 py-1.5 text-ink',
          error ? 'border-danger' : 'border-line',
        )}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorID} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
