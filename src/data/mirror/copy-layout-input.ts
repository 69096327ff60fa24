/*
 * The swimlane layout's input made in the copy's worker from the fast copy's bytes and the view last laid
 * out (swimlane-view-store.ts), the same input the page's request makes from the list it reads from the
 * same copy (eventsOfChunks: the chunks one after another when nothing is filtered and no optimistic row
 * goes between them). Undefined when the page's list would not be that: a copy of other chunks than the
 * mirror's, an incident not columnar, optimistic rows.
 */
import { layoutInputOfColumns } from '../../../domain/swimlane/swimlane-columns-input.ts';
import type { ColumnsLayoutRequest, SwimlaneLayoutInput } from '../../../domain/swimlane/swimlane-layout.ts';
import type { CopyCheckRows } from './copy-check-read.ts';
import { eventNumbersOfFile } from './event-numbers-file.ts';

/** The swimlane's view inputs as kept on the device (swimlane-view-store.ts): the maps' entries in order. */
export interface SwimlaneView {
  columnOfActor: Array<[number, number]>;
  colorOfStream: Array<[number, number]>;
}

/** The copy's chunks when the page's list will be read from exactly them (a header read, no copy). */
export function copyChunksToLayOut(incidentID: number, buffer: ArrayBuffer, check: CopyCheckRows) {
  const state = check.state as { columnar?: unknown } | undefined;
  if (!state?.columnar) return undefined;
  if (check.optimistic.some((row) => (row as { incidentID?: unknown }).incidentID === incidentID)) return undefined;
  return eventNumbersOfFile(
    buffer,
    check.stamps.map(([chunk, stamp]) => ({ chunk, stamp })),
  );
}

/** The columns the layout reads, copied out of the copy's bytes (the worker's second read of it). */
export function copyLayoutColumns(
  incidentID: number,
  buffer: ArrayBuffer,
  check: CopyCheckRows,
): ColumnsLayoutRequest['columns'] | undefined {
  const chunks = copyChunksToLayOut(incidentID, buffer, check);
  if (!chunks) return undefined;
  const count = chunks.reduce((sum, chunk) => sum + chunk.count, 0);
  const columns = {
    count: 0,
    streamIDs: new Int32Array(count),
    actorIDs: new Int32Array(count),
    isMarker: new Uint8Array(count),
    startTimestamps: new Float64Array(count),
    endTimestamps: new Float64Array(count),
  };
  for (const chunk of chunks) {
    const at = columns.count;
    columns.streamIDs.set(chunk.streamIDs, at);
    columns.actorIDs.set(chunk.actorIDs, at);
    columns.isMarker.set(chunk.isMarker, at);
    columns.startTimestamps.set(chunk.startTimestamps, at);
    columns.endTimestamps.set(chunk.endTimestamps, at);
    columns.count = at + chunk.count;
  }
  return columns;
}

/** The input the page's request makes of the same list with every event shown and this view. */
export const copyLayoutInput = (columns: ColumnsLayoutRequest['columns'], view: SwimlaneView): SwimlaneLayoutInput =>
  layoutInputOfColumns(columns, undefined, undefined, new Map(view.columnOfActor), new Map(view.colorOfStream)).input;
