/* The end of an "Add …" form: a refusal no field shows, then Save and Cancel. */
import { Button } from '../../ui/button.tsx';
import type { FieldError } from './write-error.ts';

export function FormFooter({
  error,
  fields,
  busy,
  onCancel,
}: {
  error: FieldError | undefined;
  /** The fields the form shows an error beside; any other refusal is said here. */
  fields: readonly string[];
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {error && !fields.includes(error.field ?? '') ? (
        <p role="alert" className="text-danger">
          {error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          Save
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </>
  );
}
