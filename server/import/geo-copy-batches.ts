/*
 * A map's spooled file parsed into COPY text of map_points, batch by batch: runs in the map import's
 * worker thread (geo-parse-worker.ts) or, from the TypeScript sources (tests), in the server's thread.
 * The rows carry the map's id and their seq already, so the server's thread only sends them on.
 */
import { createReadStream } from 'node:fs';
import type { GunzipLimits } from '../../domain/import/gunzip-bytes.ts';
import type { GeoPoint, InvalidGeoItem } from '../../domain/geo/geo-point.ts';
import type { MapSettings } from '../../domain/geo/geo-settings.ts';
import type { GeoProgress } from '../../domain/geo/parse-geo.ts';
import { parseGeoFile } from '../../domain/geo/parse-geo-file.ts';
import { copyText } from '../db/copy-text.ts';
import { inflateOffThread } from './inflate-off-thread.ts';

/** Everything the parse needs, as plain data (it crosses to a worker thread). */
export interface GeoParseJob {
  path: string;
  sizeBytes: number;
  settings: MapSettings;
  gunzip: GunzipLimits;
  mapId: number;
}

export interface GeoCopyBatch {
  /** COPY text of map_points (POINT_COLUMNS), one line a point. */
  copy: string;
  pointCount: number;
  invalid: InvalidGeoItem[];
  /** The earliest and latest point time of the batch (undefined without points). */
  minMicros: number | undefined;
  maxMicros: number | undefined;
}

export const POINT_COLUMNS = 'map_id, seq, line, at_micros, actor, latitude, longitude, altitude, heading, pitch, roll';
const nullable = (value: number | null) => (value === null ? '\\N' : String(value));

function copyBatch(mapId: number, firstSeq: number, points: readonly GeoPoint[], invalid: InvalidGeoItem[]) {
  let copy = '';
  let minMicros: number | undefined;
  let maxMicros: number | undefined;
  points.forEach((point, index) => {
    copy += `${mapId}\t${firstSeq + index}\t${point.line}\t${point.timestamp}\t${copyText(point.actor)}\t${point.latitude}\t${point.longitude}\t${nullable(point.altitude)}\t${nullable(point.heading)}\t${nullable(point.pitch)}\t${nullable(point.roll)}\n`;
    if (minMicros === undefined || point.timestamp < minMicros) minMicros = point.timestamp;
    if (maxMicros === undefined || point.timestamp > maxMicros) maxMicros = point.timestamp;
  });
  return { copy, pointCount: points.length, invalid, minMicros, maxMicros };
}

export async function* geoCopyBatches(
  job: GeoParseJob,
  onProgress?: (progress: GeoProgress) => void,
): AsyncGenerator<GeoCopyBatch, void, undefined> {
  // Unpacked by zlib in libuv's threads: the caps and the ratio check see each 64 KiB that comes out.
  const run = parseGeoFile(createReadStream(job.path), job.settings, {
    totalBytes: job.sizeBytes,
    onProgress,
    gunzip: { ...job.gunzip, inflate: inflateOffThread },
  });
  let seq = 0;
  for await (const batch of run) {
    yield copyBatch(job.mapId, seq, batch.points, batch.invalid);
    seq += batch.points.length;
  }
}
