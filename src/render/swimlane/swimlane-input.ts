/*
 * The shown events as the layout worker's typed arrays (one pass over the filter's positions,
 * no objects made per event), with the markers apart: markers draw as lines across every column.
 */
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

export function swimlaneInput(
  events: readonly SwimlaneEvent[],
  positions: Uint32Array,
  highlighted: Uint8Array,
  columnOfActor: ReadonlyMap<number, number>,
  colorOfStream: ReadonlyMap<number, number>,
): { input: SwimlaneLayoutInput; markers: SwimlaneMarker[] } {
  const length = positions.length;
  const startMicros = new Float64Array(length);
  const endMicros = new Float64Array(length);
  const column = new Int32Array(length);
  const color = new Uint8Array(length);
  const shownHighlighted = new Uint8Array(length);
  const position = new Uint32Array(length);
  const markers: SwimlaneMarker[] = [];
  let count = 0;
  for (let i = 0; i < length; i += 1) {
    const at = positions[i] as number;
    const event = events[at];
    if (!event) continue;
    if (event.isMarker) {
      markers.push({
        id: event.id,
        startMicros: event.startTimestamp,
        endMicros: Math.max(event.startTimestamp, event.endTimestamp),
        message: event.message,
      });
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
  return {
    input: {
      // Copies at the exact length, so the transferred buffers hold nothing else.
      startMicros: startMicros.slice(0, count),
      endMicros: endMicros.slice(0, count),
      column: column.slice(0, count),
      color: color.slice(0, count),
      highlighted: shownHighlighted.slice(0, count),
      position: position.slice(0, count),
      columnCount: columnOfActor.size,
    },
    markers,
  };
}

/** Start times for the minimap: every event, or only those of visible streams. */
export function minimapStarts(
  events: readonly SwimlaneEvent[],
  streamVisible: ((streamID: number) => boolean) | undefined,
): Float64Array {
  const starts = new Float64Array(events.length);
  let count = 0;
  for (const event of events) {
    if (event.isMarker || (streamVisible && !streamVisible(event.streamID))) continue;
    starts[count] = event.startTimestamp;
    count += 1;
  }
  return starts.slice(0, count);
}
