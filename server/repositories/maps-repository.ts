/*
 * The SQL of incident maps: a geo file read by domain/geo/parse-geo-file.ts straight from its spooled file
 * into map_points by COPY (batches of the parser, so a million points never sit in memory as rows),
 * the invalid rows with line and reason, and the reads of the map calls. Callers pass ids already
 * resolved through access-repository.ts.
 */
import { createReadStream } from 'node:fs';
import type { UPLOAD_KINDS } from '../../domain/annotations.ts';
import type { GeoPoint, InvalidGeoItem } from '../../domain/geo/geo-point.ts';
import { formatOf, type MapSettings } from '../../domain/geo/geo-settings.ts';
import {
  MAP_INVALID_LIST_LIMIT,
  MAP_POINTS_PAGE_SIZE,
  type IncidentMap,
  emptyMapPointColumns,
  type MapPointColumns,
} from '../../domain/geo/map-answers.ts';
import type { GeoProgress } from '../../domain/geo/parse-geo.ts';
import { parseGeoFile } from '../../domain/geo/parse-geo-file.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import { nowMicros } from '../time.ts';
import type { DbTransaction, Queryable } from '../db/database.ts';
import { copyText } from '../db/copy-text.ts';
import { notFound } from '../http-error.ts';
import { DEFAULT_IMPORT_LIMITS, gunzipLimits, tooManyRecords, type ImportLimits } from '../import/import-limits.ts';
import { inflateOffThread } from '../import/inflate-off-thread.ts';
import { POINT_COLUMNS } from '../import/geo-copy-batches.ts';
import type { SpooledBlob } from './blob-repository.ts';
import { visibleRow } from './hidden-imports.ts';
import { uploadsOf } from './incident-payload-repository.ts';

const nullable = (value: number | null) => (value === null ? '\\N' : String(value));

interface NewMap {
  incidentId: number;
  uploadId: number;
  settings: MapSettings;
  /** Null for the demo's map, written before any analyst exists. */
  analystId: number | null;
}

interface ImportedMap {
  id: number;
  validPointCount: number;
  invalidItemCount: number;
}

/**
 * Reads the spooled file into a new map inside the caller's transaction (the demo's small map; the route
 * imports out of sight, import/import-map-file.ts); ImportError when none of it is
 * usable, or when it holds more records or unpacks further than an event import may (the same named caps).
 */
export async function importMap(
  tx: DbTransaction,
  map: NewMap,
  file: SpooledBlob,
  onProgress?: (progress: GeoProgress) => void,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<ImportedMap> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO incident_maps (incident_id, upload_id, name, colour, icon, settings, valid_point_count, invalid_item_count, analyst_id, created_micros)
     VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, $8) RETURNING id`,
    [
      map.incidentId,
      map.uploadId,
      map.settings.name,
      map.settings.colour,
      map.settings.icon,
      JSON.stringify(map.settings),
      map.analystId,
      nowMicros(),
    ],
  );
  const id = row!.id;
  let seq = 0;
  let invalidCount = 0;
  let first: InvalidGeoItem | undefined;
  // Unpacked by zlib off the thread: fflate here unpacked a gzip bomb's 16 KiB read into 16 MiB in one
  // synchronous step, holding every other user for seconds; the caps and the ratio check see each 64 KiB out.
  const run = parseGeoFile(createReadStream(file.path), map.settings, {
    totalBytes: file.sizeBytes,
    onProgress,
    gunzip: { ...gunzipLimits(limits), inflate: inflateOffThread },
  });
  for await (const batch of run) {
    // Counted before the batch is written: a refused file stops at most one parser batch past the cap.
    if (seq + invalidCount + batch.points.length + batch.invalid.length > limits.maxRecords)
      throw tooManyRecords(limits);
    if (batch.points.length > 0)
      await tx.copyFrom(`COPY map_points (${POINT_COLUMNS}) FROM STDIN`, pointLines(id, seq, batch.points));
    seq += batch.points.length;
    const listed = batch.invalid.slice(0, Math.max(0, MAP_INVALID_LIST_LIMIT - invalidCount));
    if (listed.length > 0) {
      await tx.copyFrom(
        'COPY map_invalid_items (map_id, line, reason) FROM STDIN',
        `${listed.map((item) => `${id}\t${item.line}\t${copyText(item.reason)}`).join('\n')}\n`,
      );
    }
    first ??= batch.invalid[0];
    invalidCount += batch.invalid.length;
  }
  if (seq === 0) {
    throw new ImportError(
      'invalid-file',
      first ? `has no valid points (${invalidCount} invalid; line ${first.line}: ${first.reason})` : 'has no points',
    );
  }
  await tx.query(
    `UPDATE incident_maps SET valid_point_count = $2, invalid_item_count = $3,
            first_micros = (SELECT min(at_micros) FROM map_points WHERE map_id = $1),
            last_micros = (SELECT max(at_micros) FROM map_points WHERE map_id = $1)
      WHERE id = $1`,
    [id, seq, invalidCount],
  );
  return { id, validPointCount: seq, invalidItemCount: invalidCount };
}

function pointLines(mapId: number, firstSeq: number, points: readonly GeoPoint[]): string {
  let text = '';
  points.forEach((point, index) => {
    text += `${mapId}\t${firstSeq + index}\t${point.line}\t${point.timestamp}\t${copyText(point.actor)}\t${point.latitude}\t${point.longitude}\t${nullable(point.altitude)}\t${nullable(point.heading)}\t${nullable(point.pitch)}\t${nullable(point.roll)}\n`;
  });
  return text;
}

interface MapRow {
  id: number;
  incident_id: number;
  upload_id: number | null;
  name: string;
  colour: string;
  icon: IncidentMap['icon'];
  settings: MapSettings | string;
  valid_point_count: number;
  invalid_item_count: number;
  first_micros: number | null;
  last_micros: number | null;
  analyst_id: number | null;
  created_micros: number;
}

/** The map `mapId` of incident `incidentId` (404 when it is another incident's or none). */
export async function mapOf(db: Queryable, incidentId: number, mapId: number): Promise<IncidentMap> {
  const [row] = await db.query<MapRow>(
    `SELECT * FROM incident_maps m WHERE m.id = $1 AND m.incident_id = $2 AND ${visibleRow('m')}`,
    [mapId, incidentId],
  );
  if (!row) throw notFound('map');
  const upload = (await uploadsOf(db, incidentId)).find((candidate) => candidate.id === row.upload_id)!;
  const settings = typeof row.settings === 'string' ? (JSON.parse(row.settings) as MapSettings) : row.settings;
  return {
    id: row.id,
    incidentID: row.incident_id,
    name: row.name,
    colour: row.colour,
    icon: row.icon,
    settings: { ...settings, format: formatOf(settings) },
    upload,
    identifiedColumns: settings.identifiedColumns,
    validPointCount: Number(row.valid_point_count),
    invalidItemCount: Number(row.invalid_item_count),
    firstTimestamp: row.first_micros === null ? null : Number(row.first_micros),
    lastTimestamp: row.last_micros === null ? null : Number(row.last_micros),
    analystID: row.analyst_id,
    createTimestamp: Number(row.created_micros),
  };
}

/** The maps of an incident for its payload (incidentMaps). */
export async function mapsOf(db: Queryable, incidentId: number) {
  const rows = await db.query<
    Pick<MapRow, 'id' | 'name' | 'colour' | 'icon' | 'valid_point_count' | 'first_micros' | 'last_micros'>
  >(
    `SELECT id, name, colour, icon, valid_point_count, first_micros, last_micros FROM incident_maps m WHERE m.incident_id = $1 AND ${visibleRow('m')} ORDER BY id`,
    [incidentId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    colour: row.colour,
    icon: row.icon,
    validPointCount: Number(row.valid_point_count),
    firstTimestamp: row.first_micros === null ? null : Number(row.first_micros),
    lastTimestamp: row.last_micros === null ? null : Number(row.last_micros),
  }));
}

interface PointRow {
  line: number;
  at_micros: number;
  actor: string;
  latitude: number;
  longitude: number;
  altitude: number | null;
  heading: number | null;
  pitch: number | null;
  roll: number | null;
}

const num = (value: number | null) => (value === null ? null : Number(value));

/** Points of a map in time order, between the optional bounds (inclusive), as columns. */
/** Where a page of points ends: the last point's time and seq (points are ordered by both). */
interface PointsCursor {
  micros: number;
  seq: number;
}

export async function mapPoints(
  db: Queryable,
  mapId: number,
  window: {
    min?: number | undefined;
    max?: number | undefined;
    after?: PointsCursor | undefined;
    limit?: number | undefined;
  },
): Promise<MapPointColumns & { last?: PointsCursor }> {
  const after = window.after ?? { micros: -1, seq: -1 };
  const rows = await db.query<PointRow & { seq: number }>(
    `SELECT seq, line, at_micros, actor, latitude, longitude, altitude, heading, pitch, roll FROM map_points
      WHERE map_id = $1 AND at_micros >= $2 AND at_micros <= $3 AND (at_micros, seq) > ($4::bigint, $5::integer)
      ORDER BY at_micros, seq${window.limit === undefined ? '' : ` LIMIT ${Math.floor(window.limit)}`}`,
    [mapId, window.min ?? 0, window.max ?? Number.MAX_SAFE_INTEGER, after.micros, after.seq],
  );
  const actors = new Map<string, number>();
  const columns = emptyMapPointColumns(rows.length);
  for (const row of rows) {
    let actor = actors.get(row.actor);
    if (actor === undefined) {
      actor = actors.size;
      actors.set(row.actor, actor);
      columns.actors.push(row.actor);
    }
    columns.lines.push(row.line);
    columns.timestamps.push(Number(row.at_micros));
    columns.actorIndexes.push(actor);
    columns.latitudes.push(Number(row.latitude));
    columns.longitudes.push(Number(row.longitude));
    columns.altitudes.push(num(row.altitude));
    columns.headings.push(num(row.heading));
    columns.pitches.push(num(row.pitch));
    columns.rolls.push(num(row.roll));
  }
  const lastRow = rows[rows.length - 1];
  return lastRow === undefined
    ? columns
    : { ...columns, last: { micros: Number(lastRow.at_micros), seq: lastRow.seq } };
}

/** Page 0 (the only page the spec knows) of the valid points, in time order. */
export async function pointsPage(db: Queryable, mapId: number): Promise<GeoPoint[]> {
  const rows = await db.query<PointRow>(
    `SELECT line, at_micros, actor, latitude, longitude, altitude, heading, pitch, roll FROM map_points
      WHERE map_id = $1 ORDER BY at_micros, seq LIMIT ${MAP_POINTS_PAGE_SIZE}`,
    [mapId],
  );
  return rows.map((row) => ({
    line: row.line,
    timestamp: Number(row.at_micros),
    actor: row.actor,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    altitude: num(row.altitude),
    heading: num(row.heading),
    pitch: num(row.pitch),
    roll: num(row.roll),
  }));
}

export async function invalidItems(db: Queryable, mapId: number): Promise<InvalidGeoItem[]> {
  return db.query<InvalidGeoItem>('SELECT line, reason FROM map_invalid_items WHERE map_id = $1 ORDER BY line', [
    mapId,
  ]);
}

/** The stored file of a map, for .../raw. */
export async function mapFile(db: Queryable, mapId: number) {
  const [row] = await db.query<{
    sha256: string;
    size_bytes: number;
    file_name: string;
    media_type: string;
    kind: (typeof UPLOAD_KINDS)[number];
  }>(
    'SELECT u.sha256, u.size_bytes, u.file_name, u.media_type, u.kind FROM incident_maps m JOIN uploads u ON u.id = m.upload_id WHERE m.id = $1',
    [mapId],
  );
  if (!row) throw notFound('map');
  return { ...row, size_bytes: Number(row.size_bytes) };
}

export async function countMaps(db: Queryable, incidentId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM incident_maps WHERE incident_id = $1',
    [incidentId],
  );
  return row?.count ?? 0;
}
