/*
 * The map calls from the browser: making a map (the file and its settings as multipart fields,
 * with upload progress) and reading a map and its points on the spec's paths. The map picture reads
 * points from the mirror (data/mirror/map-points-mirror.ts, paged); fetchMapPoints is its fallback
 * where the mirror cannot be written.
 */
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import { MapAnswerSchema, MapPointsAnswerSchema, type IncidentMap, type MapPointColumns } from '../../domain/geo/map-answers.ts';
import { MapImageryAnswerSchema } from '../../domain/geo/map-imagery.ts';
import { apiGet, isAbortError } from './api-client.ts';
import { postFormWithProgress, type UploadProgress } from './upload-with-progress.ts';

export async function createMap(
  incidentID: number,
  file: File,
  settings: MapSettings,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: UploadProgress) => void) | undefined },
): Promise<IncidentMap> {
  const form = new FormData();
  for (const [field, value] of Object.entries(settings)) {
    form.append(field, field === 'identifiedColumns' ? JSON.stringify(value) : value === null ? '' : String(value));
  }
  form.append('file', file, file.name);
  return (await postFormWithProgress(`/api/incident/${incidentID}/map`, form, MapAnswerSchema, options)).map;
}

/** The spec's path names the acting analyst (the chosen one, else the user's own). */
interface MapRef {
  incidentID: number;
  analystID: number;
  mapID: number;
}

const mapPath = (ref: MapRef) => `/api/incident/${ref.incidentID}/analyst/${ref.analystID}/map/${ref.mapID}`;

export async function fetchMapPoints(ref: MapRef, signal?: AbortSignal): Promise<MapPointColumns> {
  return (await apiGet(`${mapPath(ref)}/points`, MapPointsAnswerSchema, { signal })).points;
}

/** The globe's online tile template, or undefined for the bundled NaturalEarthII only (also when unreachable). */
export async function readMapTileUrl(): Promise<string | undefined> {
  try {
    return (await apiGet('/api/map/imagery', MapImageryAnswerSchema)).tileUrl ?? undefined;
  } catch (error) {
    // NOTE: offline (and not cached) the globe has its bundled imagery; nothing for the analyst to do.
    if (!isAbortError(error)) console.warn('the map imagery setting could not be read; showing the bundled imagery', error);
    return undefined;
  }
}
