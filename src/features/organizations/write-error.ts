/* The server's refusal of a form, as the field it names and the reason to show beside that field. */
import { ApiRequestError, NetworkError } from '../../data/api-client.ts';

export interface FieldError {
  field: string | undefined;
  message: string;
}

export function fieldErrorOf(error: unknown): FieldError {
  if (error instanceof ApiRequestError && error.apiError) {
    const field = error.apiError.field ?? undefined;
    const message =
      field !== undefined && error.apiError.message.startsWith(`${field} `)
        ? error.apiError.message.slice(field.length + 1)
        : error.apiError.message;
    return { field, message };
  }
  if (error instanceof NetworkError)
    return { field: undefined, message: 'No connection to the server: nothing was saved.' };
  return { field: undefined, message: error instanceof Error ? error.message : String(error) };
}

export function errorFor(error: FieldError | undefined, field: string): string | undefined {
  return error?.field === field ? error.message : undefined;
}

/** The refusal when it names none of the form's fields, for the form's footer to say. */
export function unplacedMessage(error: FieldError | undefined, fields: readonly string[]): string | undefined {
  return error && !fields.includes(error.field ?? '') ? error.message : undefined;
}
