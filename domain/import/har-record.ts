/*
 * HAR entries and pages (1.1 and 1.2, from any producer) to records. Fields are read leniently:
 * producers write null (Charles), leave out optional objects (Insomnia) or add their own ("_…");
 * only startedDateTime and request.url are required. Timings are milliseconds; -1 means a phase
 * that did not happen and is left out of extra.timings.
 */
import { resolveTimeZone } from '../time/time-zone-loader.ts';
import type { ImportRecord, InvalidRow, JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';
import { jsonTimeMicros } from './json-time.ts';
import { parseOffsetDateTime } from './parse-offset-date-time.ts';
import { shorten } from './parse-event-time.ts';

export const HAR_TIMING_PHASES = ['blocked', 'dns', 'connect', 'ssl', 'send', 'wait', 'receive'] as const;
// ssl is part of connect in HAR, so it is not added again when `time` has to be summed.
const SUMMED_PHASES = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive'] as const;
type JsonObject = { [key: string]: JsonValue };

const objectOf = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const numberOf = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const textOf = (value: JsonValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
// HAR wants a number; a few producers (hand-made or converted captures) write the status as "200".
const statusOf = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value) : numberOf(value);

export function harEntryRecord(entry: JsonValue, index: number): ImportRecord | InvalidRow {
  const line = index + 1;
  if (!isJsonObject(entry)) return { line, reason: `entries[${index}] is not an object` };
  const request = objectOf(entry.request);
  const response = objectOf(entry.response);
  const url = textOf(request.url);
  const startMicros = startOf(entry.startedDateTime, `entries[${index}]`);
  if (typeof startMicros === 'string') return { line, reason: startMicros };
  if (url === undefined || url === '')
    return { line, reason: `entries[${index}]: "request.url" is ${url === '' ? 'empty' : 'missing'}` };
  const method = textOf(request.method);
  const status = statusOf(response.status);
  // Chrome names why a request failed (status 0) in response._error: net::ERR_BLOCKED_BY_CLIENT;
  // Playwright's recordHar in response._failureText (its status stays -1 when no answer came);
  // Charles marks each entry in response._charlesStatus (COMPLETE, or FAILED and the like).
  const charlesStatus = textOf(response._charlesStatus)?.trim();
  const error =
    textOf(response._error)?.trim() ||
    textOf(response._failureText)?.trim() ||
    (charlesStatus && charlesStatus !== 'COMPLETE' ? `Charles marks it ${charlesStatus}` : undefined);
  const timings = presentTimings(objectOf(entry.timings));
  const summed = SUMMED_PHASES.reduce((sum, phase) => sum + (timings[phase] ?? 0), 0);
  const time = numberOf(entry.time);
  const durationMs = time !== undefined && time >= 0 ? time : summed;
  const bodySize = numberOf(response.bodySize);
  const redirectURL = textOf(response.redirectURL);
  const optional: Record<string, string | number | undefined> = {
    method,
    url,
    status,
    statusText: textOf(response.statusText),
    httpVersion: textOf(request.httpVersion),
    mimeType: textOf(objectOf(response.content).mimeType),
    bodySize: bodySize !== undefined && bodySize >= 0 ? bodySize : undefined,
    redirectURL: redirectURL === '' ? undefined : redirectURL,
    serverIPAddress: textOf(entry.serverIPAddress),
    connection: textOf(entry.connection),
    pageref: textOf(entry.pageref),
    error: error === '' ? undefined : error,
    // Chromium's own fields: what the page asked for (document, fetch, websocket, …) and how urgently.
    resourceType: textOf(entry._resourceType),
    priority: textOf(entry._priority),
    // Where the answer came from when not the network: Chromium's memory or disk cache, or the page's
    // service worker (and what it answered from: cache-storage, http-cache, network, fallback-code).
    fromCache: textOf(entry._fromCache),
    fetchedViaServiceWorker: response._fetchedViaServiceWorker === true ? 'yes' : undefined,
    serviceWorkerResponseSource: textOf(response._serviceWorkerResponseSource),
    ...webSocketCounts(entry._webSocketMessages),
  };
  const extra: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) extra[key] = value;
  extra.timings = timings;
  const headers = Array.isArray(request.headers) ? request.headers : [];
  return {
    line,
    startMicros,
    endMicros: startMicros + Math.round(durationMs * 1000),
    actor: hostOf(url, headers),
    message: [method, url, status !== undefined && status <= 0 ? noAnswer(error) : status, webSocketSummary(optional)]
      .filter((part) => part !== undefined && part !== '')
      .join(' '),
    extra,
  };
}

/**
 * Status 0 is no HTTP status: the request got no answer. Firefox writes it for a request that was
 * aborted, blocked or refused (its HAR builder: "arbitrary value if it's aborted"), with nothing
 * saying why; Chromium names the network error in response._error (net::ERR_CONNECTION_REFUSED).
 * Playwright's recordHar leaves -1 there and names the failure in response._failureText.
 */
const noAnswer = (error: string | undefined) =>
  error === undefined || error === '' ? '(no response)' : `(no response: ${error})`;

/**
 * Chromium keeps a WebSocket's frames in the entry (_webSocketMessages: type "send" or "receive"):
 * counted, not each made an event, so a chatty socket stays one row that says how much it carried.
 */
function webSocketCounts(messages: JsonValue | undefined): { webSocketSent?: number; webSocketReceived?: number } {
  if (!Array.isArray(messages)) return {};
  let sent = 0;
  let received = 0;
  for (const message of messages) {
    const type = textOf(objectOf(message).type);
    if (type === 'send') sent += 1;
    else if (type === 'receive') received += 1;
  }
  return { webSocketSent: sent, webSocketReceived: received };
}

function webSocketSummary(fields: Record<string, string | number | undefined>): string | undefined {
  const { webSocketSent: sent, webSocketReceived: received } = fields;
  if (typeof sent !== 'number' || typeof received !== 'number') return undefined;
  return `(WebSocket: ${sent.toLocaleString('en')} sent, ${received.toLocaleString('en')} received)`;
}

export function harPageRecord(page: JsonValue, index: number): ImportRecord | InvalidRow {
  const line = index + 1;
  if (!isJsonObject(page)) return { line, reason: `pages[${index}] is not an object` };
  const startMicros = startOf(page.startedDateTime, `pages[${index}]`);
  if (typeof startMicros === 'string') return { line, reason: startMicros };
  const id = textOf(page.id) ?? String(numberOf(page.id) ?? index + 1);
  const extra: Record<string, JsonValue> = { pageId: id };
  for (const [key, value] of Object.entries(objectOf(page.pageTimings))) {
    if (typeof value === 'number' && value >= 0 && !key.startsWith('_')) extra[key] = value;
  }
  const title = textOf(page.title)?.trim() ?? '';
  return {
    line,
    startMicros,
    endMicros: startMicros,
    actor: '',
    message: title === '' ? id : title,
    extra,
    isMarker: true,
  };
}

function startOf(value: JsonValue | undefined, where: string): number | string {
  if (value === undefined || value === null || value === '')
    return `${where}: "startedDateTime" is ${value === '' ? 'empty' : 'missing'}`;
  // HAR wants an offset; a producer that leaves it out means UTC far more often than local time.
  const micros =
    typeof value === 'string'
      ? (parseOffsetDateTime(value) ?? jsonTimeMicros(value, resolveTimeZone('UTC'), 'auto'))
      : undefined;
  if (micros !== undefined) return micros;
  const shown = typeof value === 'string' ? `'${shorten(value)}'` : shorten(JSON.stringify(value));
  return `${where}: "startedDateTime" ${shown} is not a date and time (expected ISO 8601, e.g. 2024-01-02T03:04:05.678+01:00)`;
}

function presentTimings(timings: JsonObject): Record<string, number> {
  const present: Record<string, number> = {};
  for (const phase of HAR_TIMING_PHASES) {
    const value = numberOf(timings[phase]);
    if (value !== undefined && value >= 0) present[phase] = value;
  }
  return present;
}

/** The URL's host (with a non-default port), else the Host header, else ''. */
function hostOf(url: string, headers: readonly JsonValue[]): string {
  try {
    const host = new URL(url).host;
    if (host !== '') return host;
  } catch {
    // Not an absolute URL: HTTP/1.1 still names the host in a header.
  }
  const header = headers.map(objectOf).find((item) => textOf(item.name)?.toLowerCase() === 'host');
  return textOf(header?.value)?.trim() ?? '';
}
