/* POST /api/incident/{id}/import (README "Using the API"): the file with the settings the preview confirmed. */
import { z } from 'zod';
import { IMPORT_FORMATS } from '../../../domain/import/import-record.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { isAbortError } from '../../data/api-client.ts';
import { syncIncident } from '../../data/mirror/index.ts';
import { postFormWithProgress, type UploadProgress } from '../../data/upload-with-progress.ts';

const ImportAnswerSchema = z.object({
  import: z.object({
    streams: z.array(z.object({ id: z.number().int(), name: z.string(), eventCount: z.number().int() })),
    importedCount: z.number().int(),
    invalidCount: z.number().int(),
    invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    invalidNotListed: z.number().int(),
    format: z.enum(IMPORT_FORMATS),
    uploadID: z.number().int(),
  }),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>['import'];

interface ImportRequest {
  readonly file: File;
  readonly streamName: string;
  readonly timeZone: string;
  readonly settings: ImportSettings;
}

/** Sends the file with upload progress (onProgress), cancellable through `signal`. */
export async function importStream(
  incidentID: number,
  request: ImportRequest,
  signal?: AbortSignal,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ImportAnswer> {
  const form = new FormData();
  // Fields before the file: the server reads parts in order and refuses early on a bad field.
  form.append('streamName', request.streamName);
  form.append('timeZone', request.timeZone);
  form.append('settings', JSON.stringify(request.settings));
  form.append('file', request.file, request.file.name);
  return (
    await postFormWithProgress(`/api/incident/${incidentID}/import`, form, ImportAnswerSchema, {
      signal,
      onProgress,
      followServer: true,
    })
  ).import;
}

/** After an import, the offline mirror the incident screens read learns of the new stream and events (a failure is only logged). */
export function refreshIncidentMirror(incidentID: number): void {
  syncIncident(incidentID).catch((error: unknown) => {
    if (!isAbortError(error)) console.error('the offline mirror could not follow the import', error);
  });
}
