import { useId, type ComponentProps } from 'react';
import { classNames } from './class-names.ts';

/** A labelled input with its error message beside it (announced, and linked for screen readers). */
export function TextField({
  label,
  error,
  className,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorID = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        className={classNames(
          'w-full max-w-form-input rounded-md border bg-panel px-2.5 py-1.5 text-ink',
          'placeholder:text-muted disabled:opacity-60',
          error ? 'border-danger' : 'border-line',
        )}
        {...inputProps}
      />
      {error ? (
        <p id={errorID} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
