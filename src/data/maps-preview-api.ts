/*
 * The contract between the create-map view and workers/geo-preview.worker.ts (types only), so both
 * sides agree without the app importing worker code.
 */
import type { GeoPoint, InvalidGeoItem } from '../../domain/geo/geo-point.ts';
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import type { GeoProgress } from '../../domain/geo/parse-geo.ts';
import type { PreviewAnswer } from './worker-preview.ts';

export const GEO_PREVIEW_POINT_LIMIT = 50;
export const GEO_PREVIEW_INVALID_LIMIT = 200;

export type GeoPreviewResult = PreviewAnswer<
  {
    readonly settings: MapSettings;
    readonly columns: readonly string[];
    readonly sampleRows: readonly (readonly string[])[];
    readonly validCount: number;
    readonly invalidCount: number;
    readonly firstPoints: readonly GeoPoint[];
    readonly invalid: readonly InvalidGeoItem[];
    /** What detection found in the file and why (format, columns, units), whatever the settings now chosen. */
    readonly detectedReason?: string | undefined;
  },
  /** The file or the settings were refused as a whole (not delimited text, a column past the last). */
  {
    readonly reason: string;
    readonly field: 'file' | 'identifiedColumns';
    readonly settings: MapSettings | undefined;
    readonly columns: readonly string[];
    readonly detectedReason?: string | undefined;
  }
>;

export interface GeoPreviewApi {
  /** `settings` undefined: detect them from the file's start. `mapIndex` picks the first colour. */
  preview(
    runID: number,
    file: Blob,
    fileName: string,
    settings: MapSettings | undefined,
    mapIndex: number,
    onProgress: (progress: GeoProgress) => void,
  ): Promise<GeoPreviewResult>;
  cancel(runID: number): void;
}
