/*
 * Re-importing an updated file into the stream (issue 5 part 6): POST /api/stream/{id}/import/check
 * answers the merge outcome and changes nothing; POST /api/stream/{id}/import replaces the events,
 * carrying annotations over, with the analyst's resolution where the outcome needs one. Both send
 * the file as the incident import does, with upload progress.
 */
import { z } from 'zod';
import { MERGE_OUTCOMES } from '../../../domain/annotations.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import { MERGE_RESOLUTIONS, type MergeResolution } from '../../../domain/import/merge-outcome.ts';
import { postFormWithProgress, sentErrorCode, type UploadProgress } from '../../data/upload-with-progress.ts';

const InvalidRowSchema = z.object({ line: z.number().int(), reason: z.string() });
const OutcomeSchema = z.enum(MERGE_OUTCOMES);
export type MergeOutcomeName = z.infer<typeof OutcomeSchema>;

const CheckAnswerSchema = z.object({
  check: z.object({
    outcome: OutcomeSchema,
    currentEventCount: z.number().int(),
    newEventCount: z.number().int(),
    matchedEventCount: z.number().int(),
    unmatchedAnnotatedEvents: z.array(
      z.object({
        eventID: z.number().int(),
        startTimestamp: z.number().int(),
        message: z.string(),
        annotations: z.array(z.string()),
      }),
    ),
    // Optional: the contract of the brief leaves it out; the server sends it.
    unmatchedAnnotatedEventCount: z.number().int().optional(),
    invalidRows: z.array(InvalidRowSchema),
    invalidRowCount: z.number().int(),
  }),
});
export type ReimportCheck = z.infer<typeof CheckAnswerSchema>['check'];

const ImportAnswerSchema = z.object({
  import: z.object({
    importedCount: z.number().int(),
    invalidCount: z.number().int(),
    invalid: z.array(InvalidRowSchema),
    invalidNotListed: z.number().int(),
    outcome: OutcomeSchema,
    resolution: z.enum(MERGE_RESOLUTIONS).nullable(),
    carriedAnnotationCount: z.number().int(),
    keptEventCount: z.number().int(),
    detachedEventCount: z.number().int(),
  }),
});
export type ReimportResult = z.infer<typeof ImportAnswerSchema>['import'];

export interface ReimportFile {
  readonly file: File;
  readonly settings: ImportSettings;
  readonly timeZone: string;
}

interface Sending {
  readonly signal: AbortSignal;
  readonly onProgress: (progress: UploadProgress) => void;
}

function formOf(choice: ReimportFile, resolution?: MergeResolution): FormData {
  const form = new FormData();
  // Fields before the file: the server reads parts in order and refuses early on a bad field.
  form.append('timeZone', choice.timeZone);
  form.append('settings', JSON.stringify(choice.settings));
  if (resolution !== undefined) form.append('resolution', resolution);
  form.append('file', choice.file, choice.file.name);
  return form;
}

export async function checkReimport(streamID: number, choice: ReimportFile, sending: Sending): Promise<ReimportCheck> {
  return (
    await postFormWithProgress(`/api/stream/${streamID}/import/check`, formOf(choice), CheckAnswerSchema, sending)
  ).check;
}

export async function reimport(
  streamID: number,
  choice: ReimportFile,
  resolution: MergeResolution | undefined,
  sending: Sending,
): Promise<ReimportResult> {
  return (
    await postFormWithProgress(`/api/stream/${streamID}/import`, formOf(choice, resolution), ImportAnswerSchema, {
      ...sending,
      followServer: true,
    })
  ).import;
}

/** The outcome a 409 names when the stream changed since the check (the check must run again). */
export function staleCheckOutcome(error: unknown): MergeOutcomeName | undefined {
  const code = sentErrorCode(error);
  const parsed = OutcomeSchema.safeParse(code);
  return parsed.success ? parsed.data : undefined;
}
