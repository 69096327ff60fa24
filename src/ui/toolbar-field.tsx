/*
 * A compact field of a toolbar or filter bar: a small muted label over its control, and its reason
 * beside it when the value is refused (announced, and linked through `${id}-error`).
 */
import type { ReactNode } from 'react';

export const toolbarFieldClass = 'rounded-md border bg-panel px-2 py-1 text-ink placeholder:text-muted';

/** What the control takes to be described by its error. */
export function errorLink(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function ToolbarField({
  id,
  label,
  error,
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
