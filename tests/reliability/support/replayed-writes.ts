/*
 * What the server holds of writes queued on a device, told apart by what each carries (a note's
 * text, a tag's name, a link's address, a collection's or marker's name, an audit action's
 * clientTimestamp): how many were lost, how many stored twice, and how many were applied out of
 * the order they were queued in. The server's own records are the judge: the data audit (one
 * entry per annotation write, ids in commit order), the UI audit, and the rows themselves.
 */
import type { APIRequestContext } from '@playwright/test';
import { api } from '../../e2e/app-session.ts';
import type { OutboxRecord } from './outbox-rows.ts';

export type WriteKind = 'note' | 'tag' | 'link' | 'collection' | 'marker' | 'audit';

/** A queued write: its place in the queue, its kind and what identifies it on the server. */
export interface QueuedWrite {
  position: number;
  kind: WriteKind;
  identity: string;
}

function bodyOf(entry: OutboxRecord): Record<string, unknown> {
  return (entry.body ?? {}) as Record<string, unknown>;
}

export function queuedWrite(entry: OutboxRecord, position: number): QueuedWrite {
  const body = bodyOf(entry);
  if (entry.kind === 'audit') return { position, kind: 'audit', identity: String(body['clientTimestamp']) };
  if (/\/note$/.test(entry.path)) return { position, kind: 'note', identity: String(body['text']) };
  if (/\/link$/.test(entry.path)) return { position, kind: 'link', identity: String(body['url']) };
  if (/\/collection$/.test(entry.path)) return { position, kind: 'collection', identity: String(body['name']) };
  if (/\/marker$/.test(entry.path)) return { position, kind: 'marker', identity: String(body['message']) };
  const tag = /\/tag\/([^/]+)$/.exec(entry.path);
  if (tag && entry.method === 'PUT') return { position, kind: 'tag', identity: decodeURIComponent(tag[1]!) };
  throw new Error(`an outbox write this test does not know: ${entry.method} ${entry.path}`);
}

interface Stored {
  kind: WriteKind;
  identity: string;
  /** Server time of the write (microseconds), and its id in its own log (commit order there). */
  timestamp: number;
  logID: number;
  log: 'data' | 'ui';
}

async function pages<T extends { id: number }>(
  request: APIRequestContext,
  path: string,
  key: 'entries' | 'actions',
): Promise<T[]> {
  const rows: T[] = [];
  let before: number | null = null;
  do {
    const answer: Record<string, unknown> & { nextBefore: number | null } = await api(
      request,
      'GET',
      `${path}&limit=1000${before === null ? '' : `&before=${before}`}`,
    );
    rows.push(...(answer[key] as T[]));
    before = answer.nextBefore;
  } while (before !== null);
  return rows;
}

interface DataEntry {
  id: number;
  action: string;
  itemID: number | null;
  detail: Record<string, unknown> | null;
  timestamp: number;
}

/** Every write of `analystID` since `sinceMicros` that the server recorded, as (kind, identity). */
export async function storedWrites(
  request: APIRequestContext,
  incidentID: number,
  analystID: number,
  sinceMicros: number,
): Promise<{ stored: Stored[]; rowCounts: Map<string, number> }> {
  const filter = `?analystID=${analystID}&minTimestamp=${sinceMicros}`;
  const data = await pages<DataEntry>(request, `/api/audit/data${filter}`, 'entries');
  const ui = await pages<{ id: number; timestamp: number; clientTimestamp: number | null }>(
    request,
    `/api/audit/ui${filter}`,
    'actions',
  );
  const { incident } = await api<{
    incident: {
      notes: { id: number; text: string }[];
      links: { url: string }[];
      collections: { name: string }[];
      eventTags: { name: string }[];
    };
  }>(request, 'GET', `/api/incident/${incidentID}`);
  const ndjson = await request.get(`/api/incident/${incidentID}/events.ndjson`);
  const markers = ndjson.text().then((text) =>
    text
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; isMarker: boolean; message: string }),
  );
  const markerMessages = new Map(
    (await markers).filter((event) => event.isMarker).map((event) => [event.id, event.message]),
  );
  const noteTexts = new Map(incident.notes.map((note) => [note.id, note.text]));

  const stored: Stored[] = [];
  for (const entry of data) {
    const detail = entry.detail ?? {};
    const at = { timestamp: entry.timestamp, logID: entry.id, log: 'data' as const };
    if (entry.action === 'create note')
      stored.push({ kind: 'note', identity: noteTexts.get(entry.itemID ?? 0) ?? `note ${entry.itemID}`, ...at });
    else if (entry.action === 'create link') stored.push({ kind: 'link', identity: String(detail['url']), ...at });
    else if (entry.action === 'create collection')
      stored.push({ kind: 'collection', identity: String(detail['name']), ...at });
    else if (entry.action === 'create marker')
      stored.push({
        kind: 'marker',
        identity: markerMessages.get(entry.itemID ?? 0) ?? `marker ${entry.itemID}`,
        ...at,
      });
    else if (entry.action === 'add event tag') stored.push({ kind: 'tag', identity: String(detail['name']), ...at });
  }
  for (const action of ui)
    stored.push({
      kind: 'audit',
      identity: String(action.clientTimestamp),
      timestamp: action.timestamp,
      logID: action.id,
      log: 'ui',
    });

  // The rows themselves, so a write stored twice without a second audit entry is seen too.
  const rowCounts = new Map<string, number>();
  const count = (kind: WriteKind, identity: string) =>
    rowCounts.set(`${kind}:${identity}`, (rowCounts.get(`${kind}:${identity}`) ?? 0) + 1);
  incident.notes.forEach((note) => count('note', note.text));
  incident.links.forEach((link) => count('link', link.url));
  incident.collections.forEach((collection) => count('collection', collection.name));
  incident.eventTags.forEach((tag) => count('tag', tag.name));
  markerMessages.forEach((message) => count('marker', message));
  return { stored, rowCounts };
}

export interface ReplayVerdict {
  lost: QueuedWrite[];
  doubled: QueuedWrite[];
  /** Writes applied after one queued later than them had been applied. */
  orderViolations: number;
  stored: number;
}

export function judge(queue: QueuedWrite[], stored: Stored[], rowCounts: Map<string, number>): ReplayVerdict {
  const byKey = new Map(queue.map((write) => [`${write.kind}:${write.identity}`, write]));
  const seen = new Map<string, Stored[]>();
  for (const entry of stored) {
    const key = `${entry.kind}:${entry.identity}`;
    if (byKey.has(key)) seen.set(key, [...(seen.get(key) ?? []), entry]);
  }
  const lost = queue.filter((write) => !seen.has(`${write.kind}:${write.identity}`));
  const doubled = queue.filter((write) => {
    const key = `${write.kind}:${write.identity}`;
    return (seen.get(key)?.length ?? 0) > 1 || (write.kind !== 'audit' && (rowCounts.get(key) ?? 0) > 1);
  });
  // Commit order: each log in its own id order (exact), the two logs merged by server time (ties by queue place).
  const applied = [...seen.values()].map((entries) => ({
    entry: entries[0]!,
    position: byKey.get(`${entries[0]!.kind}:${entries[0]!.identity}`)!.position,
  }));
  const [data, ui] = (['data', 'ui'] as const).map((log) =>
    applied.filter(({ entry }) => entry.log === log).sort((a, b) => a.entry.logID - b.entry.logID),
  );
  const merged: typeof applied = [];
  while (data!.length > 0 || ui!.length > 0) {
    const [d, u] = [data![0], ui![0]];
    const takeData =
      !u ||
      (d !== undefined &&
        (d.entry.timestamp < u.entry.timestamp ||
          (d.entry.timestamp === u.entry.timestamp && d.position < u.position)));
    merged.push((takeData ? data! : ui!).shift()!);
  }
  let orderViolations = 0;
  let highest = -1;
  for (const { position } of merged) {
    if (position < highest) orderViolations += 1;
    highest = Math.max(highest, position);
  }
  return { lost, doubled, orderViolations, stored: seen.size };
}
