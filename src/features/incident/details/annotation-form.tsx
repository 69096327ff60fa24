/*
 * The add form under an event's tags, notes, links, files and collections: its fields, one submit
 * button that waits while the write runs, and the server's refusal that names no field beneath.
 * A lone field sits beside its button (row); several stack above it (column).
 */
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { formMessage, type useAnnotationWrite } from '../use-annotation-write.ts';
import { FormError } from './form-error.tsx';

export function AnnotationForm({
  label,
  submitLabel = label,
  write,
  fields,
  layout = 'column',
  onSubmit,
  children,
}: {
  label: string;
  submitLabel?: string;
  write: Pick<ReturnType<typeof useAnnotationWrite>, 'busy' | 'error'>;
  /** The fields the form shows: a refusal naming none of them shows beneath. Left out where the editor shows its writes' refusals itself. */
  fields?: readonly string[];
  layout?: 'row' | 'column';
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const row = layout === 'row';
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        className={row ? 'flex items-start gap-2' : 'flex flex-col gap-2'}
        aria-label={label}
      >
        {children}
        <Button type="submit" disabled={write.busy} className={row ? 'mt-6' : 'self-start'}>
          {submitLabel}
        </Button>
      </form>
      {fields ? <FormError message={formMessage(write.error, fields)} /> : null}
    </>
  );
}
