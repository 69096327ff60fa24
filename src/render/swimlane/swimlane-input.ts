/*
 * The shown events as the layout worker's typed arrays (one pass over the filter's positions,
 * no objects made per event), with the markers apart: markers draw as lines across every column.
 * Read from the list's columns when the mirror made them (no row object touched but the markers').
 */
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';
import type { SwimlaneLayoutInput } from '../../../domain/swimlane/swimlane-layout.ts';
import type { SwimlaneMarker } from './swimlane-scene.ts';

export interface SwimlaneEvent {
  readonly id: number;
  readonly streamID: number;
  readonly actorID: number;
  readonly isMarker: boolean;
  readonly message: string;
  readonly startTimestamp: number;
  readonly endTimestamp: number;
}

type InputBuffers = Omit<SwimlaneLayoutInput, 'columnCount'>;

/** One slot per shown position; `trimmed` cuts them to the events kept. */
function inputBuffers(length: number): InputBuffers {
  return {
    startMicros: new Float64Array(length),
    endMicros: new Float64Array(length),
    column: new Int32Array(length),
    color: new Uint8Array(length),
    highlighted: new Uint8Array(length),
    position: new Uint32Array(length),
  };
}

/**
 * Views of the events kept, not copies: the picture copies them (exact length) for each layout it
 * hands the worker, so a million events are not copied twice on the way (issue 20).
 */
function trimmed(buffers: InputBuffers, count: number, columnCount: number): SwimlaneLayoutInput {
  return {
    startMicros: buffers.startMicros.subarray(0, count),
    endMicros: buffers.endMicros.subarray(0, count),
    column: buffers.column.subarray(0, count),
    color: buffers.color.subarray(0, count),
    highlighted: buffers.highlighted.subarray(0, count),
    position: buffers.position.subarray(0, count),
    columnCount,
  };
}

/** A marker draws as a line across every column, at least a point long. */
function markerOf(event: SwimlaneEvent): SwimlaneMarker {
  return {
    id: event.id,
    startMicros: event.startTimestamp,
    endMicros: Math.max(event.startTimestamp, event.endTimestamp),
    message: event.message,
  };
}

export function swimlaneInput(
  events: readonly SwimlaneEvent[],
  positions: Uint32Array,
  highlighted: Uint8Array,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
  columns?: EventListColumns,
): { input: SwimlaneLayoutInput; markers: SwimlaneMarker[] } {
  if (columns) return inputOfColumns(columns, events, positions, highlighted, columnOfActor, colorOfStream);
  const length = positions.length;
  const buffers = inputBuffers(length);
  const { startMicros, endMicros, column, color, highlighted: shownHighlighted, position } = buffers;
  const markers: SwimlaneMarker[] = [];
  let count = 0;
  for (let i = 0; i < length; i += 1) {
    const at = positions[i] as number;
    const event = events[at];
    if (!event) continue;
    if (event.isMarker) {
      markers.push(markerOf(event));
      continue;
    }
    const actorColumn = columnOfActor.get(event.actorID);
    if (actorColumn === undefined) continue;
    startMicros[count] = event.startTimestamp;
    endMicros[count] = event.endTimestamp;
    column[count] = actorColumn;
    color[count] = colorOfStream.get(event.streamID) ?? 0;
    shownHighlighted[count] = highlighted[i] as number;
    position[count] = at;
    count += 1;
  }
  return { input: trimmed(buffers, count, columnOfActor.size), markers };
}

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

function inputOfColumns(
  columns: EventListColumns,
  events: readonly SwimlaneEvent[],
  positions: Uint32Array,
  highlighted: Uint8Array,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
): { input: SwimlaneLayoutInput; markers: SwimlaneMarker[] } {
  const length = positions.length;
  const buffers = inputBuffers(length);
  const { startMicros, endMicros, column, color, highlighted: shownHighlighted, position } = buffers;
  const markers: SwimlaneMarker[] = [];
  const denseColumn = denseOf(columnOfActor);
  const denseColor = denseOf(colorOfStream);
  const { actorIDs, streamIDs, isMarker, startTimestamps, endTimestamps } = columns;
  let count = 0;
  for (let i = 0; i < length; i += 1) {
    const at = positions[i] as number;
    if (at >= columns.count) continue;
    if (isMarker[at] === 1) {
      const event = events[at];
      if (event) markers.push(markerOf(event));
      continue;
    }
    const actorID = actorIDs[at] as number;
    const actorColumn = denseColumn
      ? actorID >= 0 && actorID < denseColumn.length
        ? (denseColumn[actorID] as number)
        : -1
      : (columnOfActor.get(actorID) ?? -1);
    if (actorColumn < 0) continue;
    const streamID = streamIDs[at] as number;
    const streamColor = denseColor
      ? streamID >= 0 && streamID < denseColor.length
        ? (denseColor[streamID] as number)
        : -1
      : (colorOfStream.get(streamID) ?? -1);
    startMicros[count] = startTimestamps[at] as number;
    endMicros[count] = endTimestamps[at] as number;
    column[count] = actorColumn;
    color[count] = streamColor < 0 ? 0 : streamColor;
    shownHighlighted[count] = highlighted[i] as number;
    position[count] = at;
    count += 1;
  }
  return { input: trimmed(buffers, count, columnOfActor.size), markers };
}

/** Start times for the minimap: every event, or only those of visible streams. */
export function minimapStarts(
  events: readonly SwimlaneEvent[],
  streamVisible: ((streamID: number) => boolean) | undefined,
  columns?: EventListColumns,
): Float64Array {
  if (columns) {
    const starts = new Float64Array(columns.count);
    let count = 0;
    for (let at = 0; at < columns.count; at += 1) {
      if (columns.isMarker[at] === 1 || (streamVisible && !streamVisible(columns.streamIDs[at] as number))) continue;
      starts[count] = columns.startTimestamps[at] as number;
      count += 1;
    }
    return starts.slice(0, count);
  }
  const starts = new Float64Array(events.length);
  let count = 0;
  for (const event of events) {
    if (event.isMarker || (streamVisible && !streamVisible(event.streamID))) continue;
    starts[count] = event.startTimestamp;
    count += 1;
  }
  return starts.slice(0, count);
}
