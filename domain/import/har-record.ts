/*
 * HAR 1.1 and 1.2 entries and pages to records. Only the fields below are read; custom fields
 * ("_securityState", "_webSocketMessages"…) are dropped by the schemas. Timings are milliseconds;
 * HAR writes -1 for a phase that did not happen, which is left out of extra.timings (absent).
 */
import { z } from 'zod';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';
import { shorten } from './parse-event-time.ts';

export const HAR_TIMING_PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;
// ssl is part of connect in HAR, so it is not added again when `time` has to be summed.
const SUMMED_PHASES = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive'] as const;

const Timings = z.object(Object.fromEntries(HAR_TIMING_PHASES.map((phase) => [phase, z.number().optional()])));
const Header = z.object({ name: z.string(), value: z.string() });

const HarEntrySchema = z.object({
  startedDateTime: z.string(),
  time: z.number().optional(),
  pageref: z.string().optional(),
  serverIPAddress: z.string().optional(),
  connection: z.string().optional(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    httpVersion: z.string().optional(),
    headers: z.array(Header).optional(),
  }),
  response: z.object({
    status: z.number(),
    statusText: z.string().optional(),
    redirectURL: z.string().optional(),
    bodySize: z.number().optional(),
    content: z.object({ mimeType: z.string().optional(), size: z.number().optional() }).optional(),
  }),
  timings: Timings.optional(),
});

const HarPageSchema = z.object({
  startedDateTime: z.string(),
  id: z.string(),
  title: z.string().optional(),
  pageTimings: z.object({ onContentLoad: z.number().optional(), onLoad: z.number().optional() }).optional(),
});

export function harEntryRecord(entry: unknown, index: number): ImportRecord | InvalidRow {
  const line = index + 1;
  const parsed = HarEntrySchema.safeParse(entry);
  if (!parsed.success) return { line, reason: `entries[${index}]: ${issueText(parsed.error)}` };
  const { startedDateTime, request, response } = parsed.data;
  const startMicros = parseOffsetDateTime(startedDateTime);
  if (startMicros === undefined) {
    return { line, reason: `entries[${index}].startedDateTime: '${shorten(startedDateTime)}' is not an ISO 8601 time with a UTC offset` };
  }
  const timings = presentTimings(parsed.data.timings);
  const summed = SUMMED_PHASES.reduce((sum, phase) => sum + (timings[phase] ?? 0), 0);
  const durationMs = parsed.data.time !== undefined && parsed.data.time >= 0 ? parsed.data.time : summed;
  const extra: Record<string, JsonValue> = {
    method: request.method,
    url: request.url,
    status: response.status,
    timings,
  };
  const optional: Record<string, string | number | undefined> = {
    statusText: response.statusText,
    httpVersion: request.httpVersion,
    mimeType: response.content?.mimeType,
    bodySize: response.bodySize !== undefined && response.bodySize >= 0 ? response.bodySize : undefined,
    redirectURL: response.redirectURL === '' ? undefined : response.redirectURL,
    serverIPAddress: parsed.data.serverIPAddress,
    connection: parsed.data.connection,
    pageref: parsed.data.pageref,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) extra[key] = value;
  return {
    line,
    startMicros,
    endMicros: startMicros + Math.round(durationMs * 1000),
    actor: hostOf(request.url, request.headers ?? []),
    message: `${request.method} ${request.url} ${response.status}`,
    extra,
  };
}

export function harPageRecord(page: unknown, index: number): ImportRecord | InvalidRow {
  const line = index + 1;
  const parsed = HarPageSchema.safeParse(page);
  if (!parsed.success) return { line, reason: `pages[${index}]: ${issueText(parsed.error)}` };
  const startMicros = parseOffsetDateTime(parsed.data.startedDateTime);
  if (startMicros === undefined) {
    return { line, reason: `pages[${index}].startedDateTime: '${shorten(parsed.data.startedDateTime)}' is not an ISO 8601 time with a UTC offset` };
  }
  const extra: Record<string, JsonValue> = { pageId: parsed.data.id };
  for (const [key, value] of Object.entries(parsed.data.pageTimings ?? {})) if (value !== undefined && value >= 0) extra[key] = value;
  const title = parsed.data.title?.trim() ?? '';
  return { line, startMicros, endMicros: startMicros, actor: '', message: title === '' ? parsed.data.id : title, extra, isMarker: true };
}

function presentTimings(timings: Record<string, number | undefined> | undefined): Record<string, number> {
  const present: Record<string, number> = {};
  for (const phase of HAR_TIMING_PHASES) {
    const value = timings?.[phase];
    if (value !== undefined && value >= 0) present[phase] = value;
  }
  return present;
}

/** The URL's host (with a non-default port), else the Host header, else ''. */
function hostOf(url: string, headers: ReadonlyArray<{ name: string; value: string }>): string {
  try {
    const host = new URL(url).host;
    if (host !== '') return host;
  } catch {
    // Not an absolute URL: HTTP/1.1 still names the host in a header.
  }
  return headers.find((header) => header.name.toLowerCase() === 'host')?.value.trim() ?? '';
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'not a HAR entry';
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}
