/*
 * A record's extra written as its COPY field (the JSON of extraText, copy-fields.ts) straight into the held
 * rows' bytes: the usual extra (a few columns of text, or nulls) without JSON.stringify's string and a second
 * pass over it to escape it for COPY. Anything else (numbers, nested values, text JSON or COPY must escape, a
 * lone surrogate) goes the way it went before, so the bytes are the same whichever way they were written.
 */
import type { JsonValue } from '../../domain/import/import-record.ts';
import { type CopyBytes, writeCopyText } from './copy-bytes.ts';
import { extraJson } from './copy-fields.ts';

const QUOTE = 0x22;
const NULL_FIELD = [0x5c, 0x4e];
const NULL_JSON = [0x6e, 0x75, 0x6c, 0x6c];

/** Writes the extra's COPY field at `out.length` and moves `out.length` past it. */
export function writeExtra(out: CopyBytes, extra: Record<string, JsonValue>): void {
  const from = out.length;
  if (writePlainJson(out, extra)) return;
  out.length = from;
  const json = extraJson(extra);
  if (json === undefined) {
    out.reserve(2).set(NULL_FIELD, out.length);
    out.length += 2;
  } else out.length = writeCopyText(out.reserveText(json), out.length, json);
}

/** The JSON of an object whose values are strings or null, none needing an escape; false for any other. */
function writePlainJson(out: CopyBytes, extra: Record<string, JsonValue>): boolean {
  let bytes = out.reserve(2);
  let at = out.length;
  let empty = true;
  bytes[at++] = 0x7b;
  for (const key in extra) {
    if (!Object.hasOwn(extra, key)) return false;
    const value = extra[key];
    if (value !== null && typeof value !== 'string') return false;
    out.length = at;
    bytes = out.reserve(3 * (key.length + (value?.length ?? 0)) + 12);
    if (!empty) bytes[at++] = 0x2c;
    empty = false;
    at = writePlainString(bytes, at, key);
    if (at < 0) return false;
    bytes[at++] = 0x3a;
    if (value === null) {
      bytes.set(NULL_JSON, at);
      at += 4;
    } else {
      at = writePlainString(bytes, at, value);
      if (at < 0) return false;
    }
  }
  if (empty) {
    bytes.set(NULL_FIELD, out.length);
    out.length += 2;
    return true;
  }
  bytes[at++] = 0x7d;
  out.length = at;
  return true;
}

/**
 * A JSON string of text that needs no escape in JSON nor in COPY (no control character, quote, backslash,
 * or surrogate), as UTF-8; -1 for any other.
 */
function writePlainString(bytes: Buffer, at: number, text: string): number {
  bytes[at++] = QUOTE;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (code < 0x20 || code === QUOTE || code === 0x5c || code === 0x7f) return -1;
      bytes[at++] = code;
    } else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
    } else if (code >= 0xd800 && code < 0xe000) return -1;
    else {
      bytes[at++] = 0xe0 | (code >> 12);
      bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[at++] = 0x80 | (code & 0x3f);
    }
  }
  bytes[at++] = QUOTE;
  return at;
}
