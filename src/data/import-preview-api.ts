/*
 * The contract between the main thread and workers/import-preview.worker.ts, kept here (types only)
 * so both sides agree without the app importing worker code or the worker importing the DOM.
 */
import type { FormatDetection } from '../../domain/import/detect-format.ts';
import type {
  ImportFormat,
  ImportProgress,
  ImportRecord,
  ImportSummary,
  InvalidRow,
} from '../../domain/import/import-record.ts';
import type { ImportSettings, RecordingStartDefaults } from '../../domain/import/import-settings.ts';
import type { PreviewAnswer } from './worker-preview.ts';

export const PREVIEW_ROW_LIMIT = 50;
export const PREVIEW_INVALID_LIMIT = 200;

export type ImportPreviewResult = PreviewAnswer<
  {
    readonly detection: FormatDetection;
    /** undefined when the analyst must decide first (unsupported file, no start time column). */
    readonly settings: ImportSettings | undefined;
    readonly summary: ImportSummary | undefined;
    /** Valid records that are markers (HAR pages), not events: summary.validCount counts both. */
    readonly markerCount: number;
    readonly firstRows: readonly ImportRecord[];
    readonly invalid: readonly InvalidRow[];
  },
  /** The parser refused the whole file (truncated, too large, not the format it claims). */
  { readonly detection: FormatDetection; readonly settings: ImportSettings | undefined; readonly reason: string }
>;

export interface ImportPreviewApi {
  /** `runID` names the run for cancel(): an AbortSignal cannot cross postMessage. */
  preview(
    runID: number,
    file: Blob,
    fileName: string,
    settings: ImportSettings | undefined,
    timeZone: string,
    onProgress: (progress: ImportProgress) => void,
    /** Read the file as this family (the analyst's choice) instead of the detected one. */
    format?: ImportFormat,
    /** Where transcripts whose cues count from zero start, and the day of undated lines, unless set. */
    startDefaults?: RecordingStartDefaults,
  ): Promise<ImportPreviewResult>;
  cancel(runID: number): void;
}
