/*
 * The swimlane's layout as columnar typed arrays: events bucketed per column (kept in time order)
 * and a pyramid of per-column count bins over the whole time range, so a frame reads at most
 * columns × rows bins however many events there are (level of detail, as Perfetto quantizes slices
 * to the zoom resolution). Built once in a worker (workers/swimlane-layout.worker.ts), read per
 * frame on the main thread (swimlane-lod.ts). Times are microseconds since the epoch, as Float64.
 */
import type { EventListColumns } from '../events/event-list-columns.ts';

export interface SwimlaneLayoutInput {
  /** Events in time order (markers left out); the arrays are the same length. */
  startMicros: Float64Array;
  endMicros: Float64Array;
  /** The column of each event, 0..columnCount-1; anything else leaves the event out. */
  column: Int32Array;
  /** The palette index of each event's stream. */
  color: Uint8Array;
  /** 1 when a highlight filter matches. */
  highlighted: Uint8Array;
  /** Where each event sits in the page's event array (for ids, hover and selection). */
  position: Uint32Array;
  columnCount: number;
  /** Bins per column at the finest level (a power of two); the pyramid halves it down to 1. */
  finestBins?: number;
}

export interface SwimlaneLevel {
  bins: number;
  binMicros: number;
  /** Events starting in each bin: column-major, columnCount × bins. */
  counts: Uint32Array;
  /** The palette index of the bin's most frequent start (approximated by the fuller child). */
  colors: Uint8Array;
}

export interface SwimlaneLayout {
  columnCount: number;
  fromMicros: number;
  toMicros: number;
  /** Column c's events are [offsets[c], offsets[c+1]) of the arrays below, in time order. */
  offsets: Uint32Array;
  startMicros: Float64Array;
  endMicros: Float64Array;
  color: Uint8Array;
  highlighted: Uint8Array;
  position: Uint32Array;
  /** The longest duration in each column: how far back a box may start and still show. */
  maxDurationMicros: Float64Array;
  /** Finest first. */
  levels: SwimlaneLevel[];
  /** Time the worker spent laying it out, for the page's performance measure. */
  workMillis?: number;
}

/** Finest bins per column: at least this many... */
export const MIN_FINEST_BINS = 8192;
/** ...at most this many, and at most FINEST_CELLS over all columns (memory: 5 bytes a cell, twice). */
export const MAX_FINEST_BINS = 65_536;
const FINEST_CELLS = 2 ** 21;

/**
 * Bins per column at the finest level: about one per 16 events, so that when a window holds more
 * events than binView counts directly, the pyramid's rows are still about a pixel tall.
 */
export function finestBinsFor(eventCount: number, columnCount: number): number {
  const cap = Math.max(
    MIN_FINEST_BINS,
    Math.min(MAX_FINEST_BINS, 2 ** Math.floor(Math.log2(FINEST_CELLS / Math.max(1, columnCount)))),
  );
  let bins = MIN_FINEST_BINS;
  while (bins < cap && bins * 16 < eventCount) bins *= 2;
  return bins;
}

/** Every typed array of a layout, for Comlink.transfer. */
export function layoutBuffers(layout: SwimlaneLayout): ArrayBuffer[] {
  const arrays = [
    layout.offsets,
    layout.startMicros,
    layout.endMicros,
    layout.color,
    layout.highlighted,
    layout.position,
    layout.maxDurationMicros,
    ...layout.levels.flatMap((level) => [level.counts, level.colors]),
  ];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

export function buildSwimlaneLayout(input: SwimlaneLayoutInput): SwimlaneLayout {
  const { columnCount } = input;
  const length = input.startMicros.length;
  const offsets = new Uint32Array(columnCount + 1);
  let fromMicros = Infinity;
  let toMicros = -Infinity;
  for (let i = 0; i < length; i += 1) {
    const column = input.column[i] as number;
    if (column < 0 || column >= columnCount) continue;
    (offsets[column + 1] as number) += 1;
    const start = input.startMicros[i] as number;
    const end = Math.max(start, input.endMicros[i] as number);
    if (start < fromMicros) fromMicros = start;
    if (end > toMicros) toMicros = end;
  }
  for (let c = 0; c < columnCount; c += 1) (offsets[c + 1] as number) += offsets[c] as number;
  const total = offsets[columnCount] as number;
  if (total === 0) {
    fromMicros = 0;
    toMicros = 1;
  }
  if (toMicros <= fromMicros) toMicros = fromMicros + 1;

  const startMicros = new Float64Array(total);
  const endMicros = new Float64Array(total);
  const color = new Uint8Array(total);
  const highlighted = new Uint8Array(total);
  const position = new Uint32Array(total);
  const maxDurationMicros = new Float64Array(columnCount);
  const cursor = offsets.slice(0, columnCount);
  const finestBins = input.finestBins ?? finestBinsFor(total, columnCount);
  const finestMicros = (toMicros - fromMicros) / finestBins;
  const counts = new Uint32Array(columnCount * finestBins);
  const colors = new Uint8Array(columnCount * finestBins);
  for (let i = 0; i < length; i += 1) {
    const column = input.column[i] as number;
    if (column < 0 || column >= columnCount) continue;
    const at = cursor[column] as number;
    cursor[column] = at + 1;
    const start = input.startMicros[i] as number;
    const end = Math.max(start, input.endMicros[i] as number);
    startMicros[at] = start;
    endMicros[at] = end;
    color[at] = input.color[i] as number;
    highlighted[at] = input.highlighted[i] as number;
    position[at] = input.position[i] as number;
    if (end - start > (maxDurationMicros[column] as number)) maxDurationMicros[column] = end - start;
    const bin = Math.min(finestBins - 1, Math.floor((start - fromMicros) / finestMicros));
    const cell = column * finestBins + bin;
    // The first stream seen in a bin colours it; the coarser levels keep the fuller child's colour.
    if (counts[cell] === 0) colors[cell] = input.color[i] as number;
    (counts[cell] as number) += 1;
  }
  const levels: SwimlaneLevel[] = [{ bins: finestBins, binMicros: finestMicros, counts, colors }];
  for (let bins = finestBins / 2; bins >= 1; bins /= 2) {
    const finer = levels[levels.length - 1] as SwimlaneLevel;
    levels.push(coarsen(finer, bins, columnCount, (toMicros - fromMicros) / bins));
  }
  return {
    columnCount,
    fromMicros,
    toMicros,
    offsets,
    startMicros,
    endMicros,
    color,
    highlighted,
    position,
    maxDurationMicros,
    levels,
  };
}

function coarsen(finer: SwimlaneLevel, bins: number, columnCount: number, binMicros: number): SwimlaneLevel {
  const counts = new Uint32Array(columnCount * bins);
  const colors = new Uint8Array(columnCount * bins);
  for (let c = 0; c < columnCount; c += 1) {
    for (let b = 0; b < bins; b += 1) {
      const a = c * finer.bins + 2 * b;
      const countA = finer.counts[a] as number;
      const countB = finer.counts[a + 1] as number;
      counts[c * bins + b] = countA + countB;
      colors[c * bins + b] = (countA >= countB ? finer.colors[a] : finer.colors[a + 1]) as number;
    }
  }
  return { bins, binMicros, counts, colors };
}

/**
 * A layout asked with the shown events' number columns (copies, transferred) rather than the layout's
 * input: the worker makes the input (swimlane-columns-input.ts), so the page's main thread only copies.
 */
export interface ColumnsLayoutRequest {
  /** The list's columns, [0, count) of each. */
  columns: Pick<
    EventListColumns,
    'count' | 'streamIDs' | 'actorIDs' | 'isMarker' | 'startTimestamps' | 'endTimestamps'
  >;
  /** Every position of the list when undefined. */
  positions?: Uint32Array | undefined;
  /** None highlighted when undefined. */
  highlighted?: Uint8Array | undefined;
  columnOfActor: ReadonlyMap<number, number>;
  colorOfStream: ReadonlyMap<number, number>;
}

/** What workers/swimlane-layout.worker.ts answers through Comlink. */
export interface SwimlaneLayoutWorkerApi {
  layoutOfColumns(request: ColumnsLayoutRequest): SwimlaneLayout;
  build(input: SwimlaneLayoutInput): SwimlaneLayout;
  histogram(startMicros: Float64Array, fromMicros: number, toMicros: number, bins: number): Uint32Array;
}
