/*
 * Serialised incident payloads kept by what proves them current: (incident, version of
 * incident-version-repository.ts, the analyst's view of it). An entry is never invalidated, only
 * outlived: a write changes the version, so the next read misses and the old entry ages out.
 */

/** The payload differs by analyst only through the related incidents they may see. */
export function payloadShape(analyst: { id: number; permission: string }): string {
  return analyst.permission === 'admin' ? 'admin' : `analyst ${analyst.id}`;
}

export class IncidentPayloadCache {
  readonly #entries = new Map<string, string>();
  #bytes = 0;

  /** Bounds by UTF-16 length (about bytes for this ASCII-heavy JSON) and by entries. */
  constructor(
    readonly maxChars = 64 * 1024 * 1024,
    readonly maxEntries = 512,
  ) {}

  get(key: string): string | undefined {
    const body = this.#entries.get(key);
    if (body === undefined) return undefined;
    // Most recently read last, so eviction drops the payload read longest ago.
    this.#entries.delete(key);
    this.#entries.set(key, body);
    return body;
  }

  set(key: string, body: string): void {
    if (body.length > this.maxChars / 4) return; // one huge payload must not flush every other
    this.#remove(key);
    this.#entries.set(key, body);
    this.#bytes += body.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxChars && this.#entries.size <= this.maxEntries) break;
      this.#remove(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #remove(key: string): void {
    const body = this.#entries.get(key);
    if (body === undefined) return;
    this.#bytes -= body.length;
    this.#entries.delete(key);
  }
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks of GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}
