/*
 * Runs one annotation write for a form: busy while it runs, then either syncs the incident and
 * records the UI action, or keeps the server's refusal (its field and message) for the form to
 * show beside that field. Nothing typed is lost on failure.
 */
import { useCallback, useState } from 'react';
import type { UiActionName } from '../../../domain/ui-action-names.ts';
import { ApiRequestError, NetworkError } from '../../data/api-client.ts';
import { InvalidWriteError } from '../../data/outbox/index.ts';
import { useIncidentPage } from './incident-page-context.ts';

interface WriteError {
  field: string | undefined;
  message: string;
}

function writeErrorOf(error: unknown): WriteError {
  // Checked before it was queued offline: the same field and reason the server would give.
  if (error instanceof InvalidWriteError) return { field: error.field, message: error.message };
  if (error instanceof ApiRequestError && error.apiError)
    return { field: error.apiError.field ?? undefined, message: error.apiError.message };
  if (error instanceof ApiRequestError)
    return { field: undefined, message: `The server refused it (${error.status}).` };
  if (error instanceof NetworkError)
    return { field: undefined, message: 'No connection to the server: nothing was saved. Try again when it answers.' };
  return { field: undefined, message: error instanceof Error ? error.message : String(error) };
}

export function useAnnotationWrite() {
  const { refresh, audit } = useIncidentPage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WriteError | undefined>();

  const run = useCallback(
    async (
      action: UiActionName,
      write: () => Promise<unknown>,
      context: Parameters<typeof audit>[1] = {},
    ): Promise<boolean> => {
      setBusy(true);
      setError(undefined);
      try {
        await write();
        audit(action, context);
        refresh();
        return true;
      } catch (caught) {
        console.error(`${action} failed`, caught);
        setError(writeErrorOf(caught));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [audit, refresh],
  );

  /** A form field's share of the write: still while it runs, and the server's message when it named that field. */
  const field = (...fields: string[]) => ({ disabled: busy, error: messageFor(error, fields) });

  return { busy, error, setError, run, field };
}

/** The message for one field: the server's when it named that field, else the caller's own. */
export function messageFor(error: WriteError | undefined, fields: readonly string[]): string | undefined {
  if (!error || error.field === undefined || !fields.includes(error.field)) return undefined;
  // Beside its field, "url must be an http or https address" reads as "must be an http or https address".
  return error.message.startsWith(`${error.field} `) ? error.message.slice(error.field.length + 1) : error.message;
}

/** The message when the server named no field the form shows. */
export function formMessage(error: WriteError | undefined, fields: readonly string[]): string | undefined {
  return error && (error.field === undefined || !fields.includes(error.field)) ? error.message : undefined;
}
