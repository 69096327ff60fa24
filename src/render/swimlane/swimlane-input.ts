/*
 * The shown events as the layout worker's typed arrays (one pass over the filter's positions,
 * no objects made per event), with the markers apart: markers draw as lines across every column.
 * Read from the list's columns when the mirror made them (no row object touched but the markers').
 */
import type { EventListColumns } from '../../../domain/events/event-list-columns.ts';
import type { ColumnsLayoutRequest, SwimlaneLayoutInput } from '../../../domain/swimlane/swimlane-layout.ts';
import { idLookup, layoutInputOfColumns } from '../../../domain/swimlane/swimlane-columns-input.ts';
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

function inputOfColumns(
  columns: EventListColumns,
  events: readonly SwimlaneEvent[],
  positions: Uint32Array,
  highlighted: Uint8Array,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
): { input: SwimlaneLayoutInput; markers: SwimlaneMarker[] } {
  const { input, markerPositions } = layoutInputOfColumns(
    columns,
    positions,
    highlighted,
    columnOfActor,
    colorOfStream,
  );
  return { input, markers: markersAt(events, markerPositions) };
}

function markersAt(events: readonly SwimlaneEvent[], markerPositions: readonly number[]): SwimlaneMarker[] {
  return markerPositions.flatMap((at) => {
    const event = events[at];
    return event ? [markerOf(event)] : [];
  });
}

/**
 * What the picture draws and says beside a layout the worker made from its own read: the markers
 * shown and how many events are laid out, from the columns, without making the layout's arrays.
 */
export function shownOfColumns(
  columns: EventListColumns,
  events: readonly SwimlaneEvent[],
  positions: Uint32Array,
  columnOfActor: ReadonlyMap<number, number>,
): { count: number; markers: SwimlaneMarker[] } {
  const columnOf = idLookup(columnOfActor);
  const markerPositions: number[] = [];
  let count = 0;
  for (let i = 0; i < positions.length; i += 1) {
    const at = positions[i] as number;
    if (at >= columns.count) continue;
    if (columns.isMarker[at] === 1) markerPositions.push(at);
    else if (columnOf(columns.actorIDs[at] as number) >= 0) count += 1;
  }
  return { count, markers: markersAt(events, markerPositions) };
}

/** Whether `positions` is every position of a list of `count` in order: the filter hid nothing. */
export function showsEveryPosition(positions: Uint32Array, count: number): boolean {
  if (positions.length !== count) return false;
  for (let i = 0; i < count; i += 1) if (positions[i] !== i) return false;
  return true;
}

/**
 * The layout worker's request (layoutOfColumns) for the shown events of a list with columns: copies,
 * since they are transferred; positions and highlights only when the filter hides or highlights any.
 */
export function columnsRequest(
  columns: EventListColumns,
  positions: Uint32Array,
  highlighted: Uint8Array,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
): ColumnsLayoutRequest {
  const { count } = columns;
  return {
    columns: {
      count,
      streamIDs: columns.streamIDs.slice(0, count),
      actorIDs: columns.actorIDs.slice(0, count),
      isMarker: columns.isMarker.slice(0, count),
      startTimestamps: columns.startTimestamps.slice(0, count),
      endTimestamps: columns.endTimestamps.slice(0, count),
    },
    positions: showsEveryPosition(positions, count) ? undefined : positions.slice(),
    highlighted: highlighted.includes(1) ? highlighted.slice() : undefined,
    columnOfActor,
    colorOfStream,
  };
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
