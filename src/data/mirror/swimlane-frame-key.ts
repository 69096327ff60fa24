/*
 * What a kept swimlane frame (swimlane-frame-store.ts) depends on, as one string: a reopen shows the
 * picture only when every part is the same now, so a new marker, another filter, size or theme is
 * never shown a stale picture. Pure: the unit tests and both ends (keep, show) build it the same way.
 */

/** The raw inputs a frame painted before React is checked against (swimlane-frame-early-key.ts), by name. */
export type EarlyFrameInputs = Record<string, unknown>;

/** Everything the frame's pixels were drawn from. */
export interface SwimlaneFrameKeyParts {
  incidentID: number;
  /** The mirror's events as it holds them (mirrorRevisionOf): undefined while it is not settled. */
  revision: string | undefined;
  /** The address, the view state (filters, columns, swimlane options), the display settings and zone. */
  view: unknown;
  /** The swimlane section's width and the canvas's height, in CSS px, and the device pixel ratio. */
  widthPx: number;
  heightPx: number;
  devicePixelRatio: number;
  scheme: string;
}

/** JSON with every object's keys sorted: the same state read back from storage gives the same text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) => {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) return part;
    const entries = Object.entries(part as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

/** The key, or undefined when the mirror is not settled (nothing is kept or shown then). */
export function swimlaneFrameKey(parts: SwimlaneFrameKeyParts): string | undefined {
  if (parts.revision === undefined) return undefined;
  return stableJson([
    parts.incidentID,
    parts.revision,
    parts.view,
    Math.round(parts.widthPx),
    Math.round(parts.heightPx),
    parts.devicePixelRatio,
    parts.scheme,
  ]);
}

interface SyncStateLike {
  status?: unknown;
  eventsRevision?: unknown;
  changeRevision?: unknown;
}

/** A list's stamp (events-read-plan.ts: the events revision and the optimistic rows) as one string. */
export const listRevisionOf = (settled: string, optimistic: string): string => stableJson([settled, optimistic]);

/** The mirror's state of one incident: `events` as listRevisionOf says, `revision` with the change too. */
export interface MirrorRevision {
  events: string;
  revision: string;
}

/**
 * The mirror's events of one incident after a complete sync: its events revision, the change it holds
 * (a tag a filter reads moves only that) and the optimistic rows waiting in the outbox (a marker added
 * offline), written as eventsStampOf writes them. Undefined while it syncs or has never synced: a
 * picture is neither kept nor shown from a mirror in motion.
 */
export function mirrorRevisionOf(
  state: unknown,
  optimistic: readonly unknown[],
  incidentID: number,
): MirrorRevision | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { status, eventsRevision, changeRevision } = state as SyncStateLike;
  if (status !== 'idle' || typeof eventsRevision !== 'string') return undefined;
  const mine = optimistic
    .filter(
      (row) => typeof row === 'object' && row !== null && (row as { incidentID?: unknown }).incidentID === incidentID,
    )
    .map((row) => JSON.stringify(row))
    .join('\n');
  const events = listRevisionOf(eventsRevision, mine);
  return { events, revision: stableJson([events, changeRevision ?? null]) };
}
