/*
 * The swimlane layout the copy's worker makes as the app starts is the page's own: its input from the
 * copy's bytes is, array for array, what the page's request makes of the list read from the same copy
 * with every event shown. A copy of other chunks, optimistic rows or an incident not columnar make none.
 */
import { describe, expect, it } from 'vitest';
import { packEventChunkNumbers, unpackEventChunkNumbers } from '../../../domain/events/event-chunk-numbers.ts';
import { columnsOfRows } from '../../../domain/events/event-columns-rows.ts';
import { layoutInputOfColumns } from '../../../domain/swimlane/swimlane-columns-input.ts';
import { eventRow } from '../../../tests/support/mirror-test-server.ts';
import type { CopyCheckRows } from './copy-check-read.ts';
import { copyLayoutColumns, copyLayoutInput, type SwimlaneView } from './copy-layout-input.ts';
import { eventsOfChunks } from './event-chunk-reads.ts';
import { eventListColumns } from './event-list-columns.ts';
import { eventNumbersFileParts } from './event-numbers-file.ts';

// Chunks of odd sizes (padded offsets in the file), three actors, two streams, a marker now and then.
const rows = Array.from({ length: 23 }, (_, index) => ({
  ...eventRow(index + 1, 1_000 + index * 10, 1 + (index % 2), 7 + (index % 3)),
  endTimestamp: 1_000 + index * 10 + (index % 4) * 25,
  isMarker: index % 6 === 5,
}));
const sizes = [7, 9, 7];
const chunks = sizes.map((size, chunk) => {
  const from = sizes.slice(0, chunk).reduce((sum, each) => sum + each, 0);
  return { chunk, stamp: `stamp-${chunk}`, numbers: packEventChunkNumbers(columnsOfRows(rows.slice(from, from + size))) };
});
const check: CopyCheckRows = {
  state: { incidentID: 4, columnar: true },
  stamps: chunks.map(({ chunk, stamp }) => [chunk, stamp]),
  optimistic: [],
};
// Actor 8 hidden (no column), columns in another order than the ids.
const view: SwimlaneView = {
  columnOfActor: [
    [9, 0],
    [7, 1],
  ],
  colorOfStream: [
    [1, 3],
    [2, 0],
  ],
};

const fileOf = () => new Blob(eventNumbersFileParts(chunks)).arrayBuffer();
const arraysOf = (input: ReturnType<typeof copyLayoutInput>) =>
  [input.startMicros, input.endMicros, input.column, input.color, input.highlighted, input.position].map((array) => [
    ...array,
  ]);

describe('the swimlane laid out as the app starts', () => {
  it("makes the page's input for the list read from the same copy", async () => {
    const columns = copyLayoutColumns(4, await fileOf(), check);
    if (!columns) throw new Error('no columns from the copy');
    const input = copyLayoutInput(columns, view);

    const list = eventsOfChunks(
      4,
      chunks.map(({ numbers }) => unpackEventChunkNumbers(numbers)),
      chunks.map(({ stamp }) => stamp),
      {},
      [],
    );
    const pageColumns = eventListColumns(list);
    if (!pageColumns) throw new Error('not a columnar list');
    const page = layoutInputOfColumns(
      pageColumns,
      undefined,
      undefined,
      new Map(view.columnOfActor),
      new Map(view.colorOfStream),
    ).input;
    expect(arraysOf(input)).toEqual(arraysOf(page));
    expect(input.columnCount).toBe(2);
    // Markers and the hidden actor's events left out, the rest kept.
    expect(input.startMicros.length).toBe(rows.filter((row) => !row.isMarker && row.actorID !== 8).length);
  });

  it('makes none from a copy of other chunks, with optimistic rows, or for an incident not columnar', async () => {
    const file = await fileOf();
    const rewritten: CopyCheckRows = { ...check, stamps: check.stamps.map(([chunk], at) => [chunk, `new-${at}`]) };
    expect(copyLayoutColumns(4, file, rewritten)).toBeUndefined();
    expect(copyLayoutColumns(4, file, { ...check, optimistic: [{ incidentID: 4, id: -1 }] })).toBeUndefined();
    expect(copyLayoutColumns(4, file, { ...check, optimistic: [{ incidentID: 5, id: -1 }] })).toBeDefined();
    expect(copyLayoutColumns(4, file, { ...check, state: { incidentID: 4, columnar: false } })).toBeUndefined();
  });
});
