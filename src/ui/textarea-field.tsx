import { useId, type ComponentProps } from 'react';
import { classNames } from './class-names.ts';

/** A labelled multi-line input with its error message beside it. */
export function TextareaField({
  label,
  error,
  className,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorID = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        className={classNames(
          'min-h-20 w-full rounded-md border bg-panel px-2.5 py-1.5 text-ink placeholder:text-muted',
          error ? 'border-danger' : 'border-line',
        )}
        {...props}
      />
      {error ? (
        <p id={errorID} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
