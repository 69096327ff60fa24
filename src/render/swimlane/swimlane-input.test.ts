/*
 * The swimlane's input read from the mirror's columns is the input read from the rows: the same
 * events in the same columns, colours and highlights, the same markers, whatever ids the actors have.
 */
import { describe, expect, it } from 'vitest';
import { emptyEventListColumns, pushEventListColumn } from '../../../domain/events/event-list-columns.ts';
import { minimapStarts, swimlaneInput, type SwimlaneEvent } from './swimlane-input.ts';

function incident(actorBase: number) {
  const events: SwimlaneEvent[] = Array.from({ length: 500 }, (_, index) => ({
    id: index + 1,
    streamID: 10 + (index % 3),
    actorID: actorBase + (index % 4),
    isMarker: index % 97 === 0,
    message: `event ${index}`,
    startTimestamp: 1_000_000 + index * 50,
    endTimestamp: 1_000_000 + index * 50 + (index % 5) * 7,
  }));
  const columns = emptyEventListColumns(events.length);
  for (const event of events) pushEventListColumn(columns, event);
  // Every other event shown, a few highlighted; actor +3 is a hidden column, stream 12 has no colour.
  const positions = Uint32Array.from({ length: 250 }, (_, index) => index * 2);
  const highlighted = Uint8Array.from({ length: 250 }, (_, index) => (index % 11 === 0 ? 1 : 0));
  const columnOfActor = new Map([
    [actorBase, 0],
    [actorBase + 1, 2],
    [actorBase + 2, 1],
  ]);
  const colorOfStream = new Map([
    [10, 4],
    [11, 5],
  ]);
  return { events, columns, positions, highlighted, columnOfActor, colorOfStream };
}

describe('swimlaneInput', () => {
  for (const [name, actorBase] of [
    ['small actor ids', 1],
    ['actor ids too large for a lookup array', 2 ** 30],
  ] as const) {
    it(`reads the same input from columns as from rows (${name})`, () => {
      const { events, columns, positions, highlighted, columnOfActor, colorOfStream } = incident(actorBase);
      const fromRows = swimlaneInput(events, positions, highlighted, columnOfActor, colorOfStream);
      const fromColumns = swimlaneInput(events, positions, highlighted, columnOfActor, colorOfStream, columns);
      expect(fromColumns).toEqual(fromRows);
      expect(fromRows.input.startMicros.length).toBeGreaterThan(100);
      expect(fromRows.markers.length).toBeGreaterThan(0);
    });
  }

  it('gives the minimap the same starts from columns as from rows', () => {
    const { events, columns } = incident(1);
    const visible = (streamID: number) => streamID !== 11;
    expect(minimapStarts(events, visible, columns)).toEqual(minimapStarts(events, visible));
    expect(minimapStarts(events, undefined, columns)).toEqual(minimapStarts(events, undefined));
  });
});
