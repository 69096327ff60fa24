import { type ComponentProps } from 'react';
import { classNames } from './class-names.ts';
import { fieldBorder, LabelledField } from './labelled-field.tsx';

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
  return (
    <LabelledField
      label={label}
      error={error}
      className={className}
      control={(field) => (
        <select
          {...field}
          className={classNames(
            'w-full max-w-form-input rounded-md border bg-panel px-2 py-1.5 text-ink',
            fieldBorder(error),
          )}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
