/*
 * What the layout worker lays out from the copies of the page's columns (layoutOfColumns) is the
 * layout of the page's own input: the same boxes in the same columns, whether the filter hides and
 * highlights events or shows every one; and the label's count and markers agree with that input.
 */
import { describe, expect, it } from 'vitest';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { layoutInputOfColumns } from '../../../domain/swimlane/swimlane-columns-input.ts';
import { buildSwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { columnsRequest, shownOfColumns, swimlaneInput, type SwimlaneEvent } from './swimlane-input.ts';

const events: SwimlaneEvent[] = Array.from({ length: 400 }, (_, index) => ({
  id: index + 1,
  streamID: 10 + (index % 3),
  actorID: 1 + (index % 4),
  isMarker: index % 89 === 0,
  message: `event ${index}`,
  startTimestamp: 2 ** 40 + index * 1_000,
  endTimestamp: 2 ** 40 + index * 1_000 + (index % 6) * 300,
}));
const columns = emptyEventListColumns(events.length + 16);
for (const event of events) pushEventListColumn(columns, event);
// Actor 4 is a hidden column; stream 12 has no colour.
const columnOfActor = new Map([
  [1, 0],
  [2, 2],
  [3, 1],
]);
const colorOfStream = new Map([
  [10, 3],
  [11, 6],
]);

/** The worker's side: the request as it arrives (a structured clone), laid out. */
function workerLayout(request: ReturnType<typeof columnsRequest>) {
  const arrived = structuredClone(request);
  const { input } = layoutInputOfColumns(
    arrived.columns,
    arrived.positions,
    arrived.highlighted,
    arrived.columnOfActor,
    arrived.colorOfStream,
  );
  return buildSwimlaneLayout(input);
}

describe('the layout asked with columns', () => {
  it('is the layout of the page’s own input when the filter hides and highlights events', () => {
    const positions = Uint32Array.from({ length: 200 }, (_, index) => index * 2);
    const highlighted = Uint8Array.from({ length: 200 }, (_, index) => (index % 7 === 0 ? 1 : 0));
    const request = columnsRequest(columns, positions, highlighted, columnOfActor, colorOfStream);
    expect(request.positions).toEqual(positions);
    const own = swimlaneInput(events, positions, highlighted, columnOfActor, colorOfStream);
    expect(workerLayout(request)).toEqual(buildSwimlaneLayout(own.input));
    expect(shownOfColumns(columns, events, positions, columnOfActor)).toEqual({
      count: own.input.startMicros.length,
      markers: own.markers,
    });
  });

  it('sends neither positions nor highlights when every event shows, and lays out the same', () => {
    const positions = Uint32Array.from(events.keys());
    const highlighted = new Uint8Array(events.length);
    const request = columnsRequest(columns, positions, highlighted, columnOfActor, colorOfStream);
    expect(request.positions).toBeUndefined();
    expect(request.highlighted).toBeUndefined();
    expect(request.columns.startTimestamps.length).toBe(events.length);
    const own = swimlaneInput(events, positions, highlighted, columnOfActor, colorOfStream);
    const layout = workerLayout(request);
    expect(layout).toEqual(buildSwimlaneLayout(own.input));
    expect(layout.startMicros.length).toBe(events.filter((event) => !event.isMarker && event.actorID !== 4).length);
  });

  it('copies, so transferring the request leaves the page’s columns whole', () => {
    const positions = Uint32Array.from(events.keys());
    const request = columnsRequest(columns, positions, new Uint8Array(events.length), columnOfActor, colorOfStream);
    structuredClone(request, { transfer: [request.columns.startTimestamps.buffer] });
    expect(columns.startTimestamps[5]).toBe(events[5]?.startTimestamp);
    expect(request.columns.startTimestamps.length).toBe(0);
  });
});
