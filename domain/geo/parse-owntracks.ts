/*
 * OwnTracks, as its Recorder stores it and as its HTTP mode and API hand it out: the Recorder's
 * monthly .rec files (one line a message: "2024-03-05T12:00:01Z", a tab, the MQTT topic or "*", a
 * tab, the JSON payload), and JSON (a list of payloads as the HTTP endpoint receives them, or the
 * API's {"count": n, "data": [...]}). A payload whose _type is "location" is a point: lat, lon, alt,
 * cog (course), tst (epoch seconds), tid (the tracker's id) as its actor. Other types (lwt,
 * transition, waypoint, card, status) carry no track and are passed over, as the Recorder's own
 * map does. A .rec line's payload is parsed alone, so a damaged line costs one item.
 */
import type { ZoneId } from '@js-joda/core';
import { JSONParser } from '@streamparser/json';
import { ImportError } from '../import/import-error.ts';
import { textLines } from '../import/text-lines.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { readTrackTime, trackItem, type GeoItem } from './track-fix.ts';
import { textStart } from './text-start.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: Json | undefined): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
const optional = (value: Json | undefined): number | null => {
  const number = numberOf(value);
  return Number.isFinite(number) ? number : null;
};

/** A location payload as a point, undefined for the other message types. */
function locationItem(payload: JsonObject, line: number, label: string, recordedAt: string | undefined, zone: ZoneId) {
  if (payload._type !== 'location') return undefined;
  const tst = numberOf(payload.tst);
  const timestamp = Number.isFinite(tst)
    ? Math.round(tst * 1_000_000)
    : recordedAt === undefined
      ? undefined
      : (readTrackTime(recordedAt, zone) ?? recordedAt);
  return trackItem({
    line,
    actor: typeof payload.tid === 'string' ? payload.tid : '',
    latitude: numberOf(payload.lat),
    longitude: numberOf(payload.lon),
    altitude: optional(payload.alt),
    heading: optional(payload.cog),
    timestamp,
    label,
  });
}

async function* recLines(lines: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  for await (const batch of textLines(lines, undefined, 'an OwnTracks .rec file')) {
    const items: GeoItem[] = [];
    for (const { line, text } of batch) {
      const brace = text.indexOf('{');
      if (text.trim() === '') continue;
      const recordedAt = text.slice(0, text.indexOf('\t') === -1 ? 0 : text.indexOf('\t')).trim();
      if (brace === -1) {
        items.push({ line, reason: `line ${line} has no JSON message after its time and topic` });
        continue;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(text.slice(brace));
      } catch {
        items.push({ line, reason: `line ${line}: its message is not readable JSON (the line was cut or damaged)` });
        continue;
      }
      if (!isObject(payload)) continue;
      const item = locationItem(payload, line, `location on line ${line}`, recordedAt || undefined, zone);
      if (item !== undefined) items.push(item);
    }
    if (items.length > 0) yield items;
  }
}

async function* jsonPayloads(text: AsyncIterable<string>, list: boolean, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  const parser = new JSONParser({ paths: [list ? '$.*' : '$.data.*'], keepStack: false });
  let count = 0;
  const items: GeoItem[] = [];
  parser.onValue = ({ value }) => {
    count += 1;
    if (!isObject(value)) return;
    const item = locationItem(value, count, `location ${count}`, undefined, zone);
    if (item !== undefined) items.push(item);
  };
  const chunks = yield* jsonStreamItems(
    text,
    parser,
    items,
    (message) => `is not readable OwnTracks JSON after ${count} messages: ${message}`,
  );
  if (chunks === 0) throw new ImportError('invalid-file', 'is empty');
  if (items.length > 0) yield items;
}

/** The chunks again, the first one put back in front. */
export async function* parseOwnTracks(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  // The first characters that are not blank decide: "[" or "{" is JSON, a time is a .rec line.
  const { start, all } = await textStart(text);
  if (start.startsWith('[') || start.startsWith('{')) yield* jsonPayloads(all, start.startsWith('['), zone);
  else yield* recLines(all, zone);
}
