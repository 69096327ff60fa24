/*
 * The write behind each "Add …" form of the organization pages: busy while it runs, the server's
 * refusal kept as the field it names. On success the form stays busy: its screen moves on.
 */
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrorOf, type FieldError } from './write-error.ts';

export function useFormWrite() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | undefined>();

  const submit = (event: FormEvent, write: () => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    write().catch((caught: unknown) => {
      setError(fieldErrorOf(caught));
      setBusy(false);
    });
  };

  /** What every field of the form takes: still while the write runs, and its own refusal. */
  const bound = (field: string) => ({ disabled: busy, error: errorFor(error, field) });

  return { busy, error, setError, submit, bound };
}
