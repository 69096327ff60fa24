/*
 * The end of an "Add …" form: a refusal no field shows (the fields show their own beside them),
 * then Save and, where the form can be left, Cancel. Both are still while the write runs.
 */
import { Button } from './button.tsx';

export function FormFooter({
  message,
  busy,
  onCancel,
}: {
  /** A refusal that names no field of the form; undefined when there is none. */
  message: string | undefined;
  busy: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      {message ? (
        <p role="alert" className="text-danger">
          {message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          Save
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}
