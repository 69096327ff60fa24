/*
 * The swimlane layout's input made from an event list's number columns, with no row object. The layout
 * worker makes it from copies of the page's columns (issue 20), so a reopen's million events never
 * become the layout's typed arrays on the main thread; the page makes it only without a worker's help.
 */
import type { ColumnsLayoutRequest, SwimlaneLayoutInput } from './swimlane-layout.ts';

/** Ids up to this many are looked up in a typed array; larger ones through the Map. */
const DENSE_ID_LIMIT = 1 << 22;

/** `map` as a typed array indexed by id (-1 where absent), when its ids are small enough. */
function denseOf(map: ReadonlyMap<number, number>): Int32Array | undefined {
  let largest = 0;
  for (const id of map.keys()) {
    if (id < 0 || !Number.isInteger(id) || id >= DENSE_ID_LIMIT) return undefined;
    largest = Math.max(largest, id);
  }
  const dense = new Int32Array(largest + 1).fill(-1);
  for (const [id, value] of map) dense[id] = value;
  return dense;
}

/** A fast `map.get(id) ?? -1` for the ids of a million events. */
export function idLookup(map: ReadonlyMap<number, number>): (id: number) => number {
  const dense = denseOf(map);
  if (!dense) return (id) => map.get(id) ?? -1;
  return (id) => (id >= 0 && id < dense.length ? (dense[id] as number) : -1);
}

interface ColumnsInput {
  input: SwimlaneLayoutInput;
  /** Positions of the shown markers (drawn as lines across, not laid out), in order. */
  markerPositions: number[];
}

/**
 * The shown events' layout input. `positions` are the list positions shown (every one when
 * undefined) and `highlighted` their highlight flags, position for position (none when undefined).
 */
export function layoutInputOfColumns(
  columns: ColumnsLayoutRequest['columns'],
  positions: Uint32Array | undefined,
  highlighted: Uint8Array | undefined,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
): ColumnsInput {
  const length = positions ? positions.length : columns.count;
  const startMicros = new Float64Array(length);
  const endMicros = new Float64Array(length);
  const column = new Int32Array(length);
  const color = new Uint8Array(length);
  const shownHighlighted = new Uint8Array(length);
  const position = new Uint32Array(length);
  const markerPositions: number[] = [];
  const columnOf = idLookup(columnOfActor);
  const colorOf = idLookup(colorOfStream);
  const { actorIDs, streamIDs, isMarker, startTimestamps, endTimestamps } = columns;
  let count = 0;
  for (let i = 0; i < length; i += 1) {
    const at = positions ? (positions[i] as number) : i;
    if (at >= columns.count) continue;
    if (isMarker[at] === 1) {
      markerPositions.push(at);
      continue;
    }
    const actorColumn = columnOf(actorIDs[at] as number);
    if (actorColumn < 0) continue;
    const streamColor = colorOf(streamIDs[at] as number);
    startMicros[count] = startTimestamps[at] as number;
    endMicros[count] = endTimestamps[at] as number;
    column[count] = actorColumn;
    color[count] = streamColor < 0 ? 0 : streamColor;
    shownHighlighted[count] = highlighted ? (highlighted[i] as number) : 0;
    position[count] = at;
    count += 1;
  }
  // Views of the events kept: the worker's copy is transferred as it is, the page copies per layout.
  return {
    input: {
      startMicros: startMicros.subarray(0, count),
      endMicros: endMicros.subarray(0, count),
      column: column.subarray(0, count),
      color: color.subarray(0, count),
      highlighted: shownHighlighted.subarray(0, count),
      position: position.subarray(0, count),
      columnCount: columnOfActor.size,
    },
    markerPositions,
  };
}
