/*
 * The settings of POST /api/incident/{id}/map from its multipart fields, each checked on its own
 * (400 naming the field); a field left out is taken from what domain/geo detects in the file's first
 * 64 KiB (its format: GPX, KML, GeoJSON, IGC, NMEA or delimited text, and for text its columns), so a
 * bare file makes a map when it can be recognised.
 */
import { open } from 'node:fs/promises';
import { detectGeoBytes } from '../../../domain/geo/detect-geo-file.ts';
import { MAP_SETTING_FIELDS, MapSettingsSchema, type MapSettings } from '../../../domain/geo/geo-settings.ts';
import { HttpError, invalid } from '../../http-error.ts';
import type { ImportForm } from './import-form.ts';

export const MAP_FORM_FIELDS = MAP_SETTING_FIELDS;
type MapField = (typeof MAP_FORM_FIELDS)[number];

const DETECT_BYTES = 64 * 1024;
const NUMBER_FIELDS = new Set<MapField>(['headerRowCount', 'preambleRowCount']);

async function firstBytes(path: string, sizeBytes: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(DETECT_BYTES, sizeBytes));
    await file.read(buffer, 0, buffer.length, 0);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } finally {
    await file.close();
  }
}

function fieldValue(field: MapField, text: string): unknown {
  if (NUMBER_FIELDS.has(field)) {
    if (!/^\d+$/.test(text.trim())) throw invalid(field, 'must be a whole number, 0 or more');
    return Number(text);
  }
  if (field === 'identifiedColumns') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HttpError(
        400,
        'invalid',
        'the columns chosen must be sent as JSON: an object from column index to column kind, e.g. {"0":"timestamp","2":"latitude","3":"longitude"}',
        field,
      );
    }
  }
  if (field === 'defaultDate') return text.trim() === '' ? null : text.trim();
  return text.trim();
}

export async function mapSettingsOf(
  form: ImportForm<MapField>,
  fileName: string,
  mapIndex: number,
): Promise<MapSettings> {
  if (form.file.sizeBytes === 0) throw invalid('file', 'is empty');
  const given: Partial<Record<MapField, unknown>> = {};
  for (const field of MAP_FORM_FIELDS) {
    const text = form.fields[field];
    if (text === undefined || (text.trim() === '' && field !== 'defaultDate')) continue;
    given[field] = fieldValue(field, text);
  }
  const missing = MAP_FORM_FIELDS.filter((field) => !(field in given));
  let merged: Record<string, unknown> = given;
  if (missing.length > 0) {
    const detection = detectGeoBytes(
      await firstBytes(form.file.path, form.file.sizeBytes),
      form.file.sizeBytes <= DETECT_BYTES,
      fileName,
      mapIndex,
    );
    if (typeof detection === 'string') {
      throw invalid(
        'file',
        `was not recognised as a track (GPX, KML, TCX, GeoJSON, IGC, NMEA, or delimited text with a time, a latitude and a longitude): it ${detection}`,
      );
    }
    merged = { ...detection.settings, ...given };
  }
  const parsed = MapSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'settings');
    // The columns' reasons are whole sentences about "the columns chosen"; the field's name is for the form only.
    if (field === 'identifiedColumns')
      throw new HttpError(
        400,
        'invalid',
        issue.message.startsWith('the columns') ? issue.message : `the columns chosen: ${issue.message}`,
        field,
      );
    throw invalid(field, issue.message);
  }
  return parsed.data;
}
