/*
 * What an uploaded file is, decided from its name and declared type: its display name (never a
 * path), its media type and its upload kind. The browser shows the same guesses before it sends.
 */
import type { UPLOAD_KINDS } from './annotations.ts';

type UploadKind = (typeof UPLOAD_KINDS)[number];

const FILE_NAME_MAX = 255;
const UNNAMED = 'upload';

/** Media types a browser sends for files it cannot name; the extension then decides. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'application/unknown', 'binary/octet-stream']);

const TYPE_BY_EXTENSION: Record<string, string> = {
  har: 'application/json',
  json: 'application/json',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  md: 'text/markdown',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  html: 'text/html',
  htm: 'text/html',
  zip: 'application/zip',
  gpx: 'application/gpx+xml',
};

/**
 * The name to show for an uploaded file: its last path part, without control or bidi-override
 * characters (which could disguise "gpj.exe" as "exe.jpg"), at most 255 characters.
 */
export function safeFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = last.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  const name = Array.from(cleaned).slice(0, FILE_NAME_MAX).join('').trim();
  return name === '' || name === '.' || name === '..' ? UNNAMED : name;
}

function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The declared type without parameters, lower case; a missing or malformed one from the extension. */
export function normalizeMediaType(declared: string | undefined, fileName: string): string {
  const bare = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const wellFormed = bare.length <= 127 && /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(bare);
  if (wellFormed && !UNKNOWN_TYPES.has(bare)) return bare;
  return TYPE_BY_EXTENSION[fileExtension(fileName)] ?? 'application/octet-stream';
}

/** The kind an upload gets when the analyst did not choose one. */
export function inferUploadKind(fileName: string, mediaType: string): UploadKind {
  const extension = fileExtension(fileName);
  if (extension === 'har') return 'har';
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType.startsWith('audio/')) return 'audio';
  if (mediaType.startsWith('video/')) return 'video';
  if (extension === 'pdf' || mediaType === 'application/pdf') return 'pdf';
  return 'text';
}
