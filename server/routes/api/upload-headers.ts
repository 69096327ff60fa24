/*
 * How an upload's bytes are served so that they can never run as a page of ours: the content type
 * comes only from an allowlist (SVG, HTML and anything unknown go out as octet-stream), the browser
 * may not sniff, the response is a sandbox with no sources, and only media a browser shows without
 * running code is inline.
 */
import type { UPLOAD_KINDS } from '../../../domain/annotations.ts';

export const UPLOAD_CSP = "sandbox; default-src 'none'";

/** Served as themselves, and inline: browsers show them without running anything of the file. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
]);

// NOTE: a PDF may carry scripts, and Chromium's viewer does not open under a sandbox CSP anyway:
// it keeps its type but always goes out as an attachment.
const ATTACHMENT_TYPES = new Set(['application/pdf']);

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** Plain text under any of these names is shown as text/plain (always as an attachment). */
const TEXT_TYPES = new Set([
  'text/plain',
  'text/csv',
  'text/tab-separated-values',
  'text/markdown',
  'text/x-log',
  'application/x-ndjson',
]);

export function servedContentType(upload: { mediaType: string; kind: (typeof UPLOAD_KINDS)[number] }): string {
  const type = ALIASES[upload.mediaType] ?? upload.mediaType;
  if (INLINE_TYPES.has(type) || ATTACHMENT_TYPES.has(type)) return type;
  if (type === 'application/json' || (upload.kind === 'har' && TEXT_TYPES.has(type))) return 'application/json';
  if (TEXT_TYPES.has(type)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

export function isInline(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

/** RFC 6266 / 8187: an ASCII fallback name and the exact name, percent-encoded as UTF-8. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** True when an If-None-Match header names this entity tag (or any, with *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * One byte range of a Range header, or undefined to serve the whole file (absent, several ranges,
 * or not understood: RFC 9110 lets a server ignore those). 'unsatisfiable' when it starts past the end.
 */
export function byteRange(
  header: string | undefined,
  sizeBytes: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? sizeBytes - 1 : Math.min(Number(match[2]), sizeBytes - 1);
  if (start >= sizeBytes) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
