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

  return { busy, error, setError, submit, errorOf: (field: string) => errorFor(error, field) };
}
