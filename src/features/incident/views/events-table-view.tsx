/*
 * The events view: the shown events as a table (TanStack Table v9) that sorts on several fields
 * (shift-click adds a field) and stays fast at a million rows. The table is handed only the rows
 * on screen: the order is computed once over typed arrays (domain/events/sort-events.ts) and the
 * virtualizer picks the slice, so TanStack never builds a million row objects.
 */
import { countNoun } from '../../../../domain/count-noun.ts';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { EVENT_SORT_FIELDS, sortEventPositions, type EventSortField } from '../../../../domain/events/sort-events.ts';
import { formatDuration } from '../../../../domain/time/format-duration.ts';
import { formatElapsed } from '../../../../domain/time/format-elapsed.ts';
import { formatMicros } from '../../../../domain/time/format-micros.ts';
import { eventListColumns, eventMessagePending } from '../../../data/mirror/index.ts';
import { classNames } from '../../../ui/class-names.ts';
import { useTimeZoneReady } from '../../../ui/timestamp.tsx';
import { useRowVirtualizer } from '../../../ui/use-row-virtualizer.ts';
import type { EventRow } from '../incident-data.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { StreamSwatch } from '../stream-swatch.tsx';
import { ariaSort, SortButton } from '../../../ui/sort-button.tsx';

interface TableRow {
  place: number;
  event: EventRow;
}

// Sorting is manual (the order is computed over typed arrays); the accessors only make the columns sortable.
const features = tableFeatures({ rowSortingFeature });
const ROW_HEIGHT_PX = 28;
const GRID = 'grid grid-cols-[11.5rem_7rem_5.5rem_9rem_9rem_minmax(12rem,1fr)_10rem]';

const isSortField = (id: string): id is EventSortField => (EVENT_SORT_FIELDS as readonly string[]).includes(id);

function useColumns(): Array<ColumnDef<typeof features, TableRow>> {
  const { timeZone, data, actorsByID, streamsByID, streamColorIndex, annotations } = useIncidentPage();
  const ready = useTimeZoneReady(timeZone);
  const zone = ready ? timeZone : 'UTC';
  const first = data.incident.firstTimestamp ?? 0;
  return useMemo(
    () => [
      {
        id: 'time',
        header: `Time (${zone})`,
        accessorFn: (row) => row.event.startTimestamp,
        cell: ({ row }) => formatMicros(row.original.event.startTimestamp, zone, 'YYYY-MM-DD HH:mm:ss.SSS'),
      },
      {
        id: 'elapsed',
        header: 'Elapsed',
        enableSorting: false,
        cell: ({ row }) => formatElapsed(row.original.event.startTimestamp - first),
      },
      {
        id: 'duration',
        header: 'Duration',
        accessorFn: (row) => row.event.endTimestamp - row.event.startTimestamp,
        cell: ({ row }) => {
          const micros = row.original.event.endTimestamp - row.original.event.startTimestamp;
          return micros > 0 ? formatDuration(micros) : '';
        },
      },
      {
        id: 'stream',
        header: 'Stream',
        accessorFn: (row) => row.event.streamID,
        cell: ({ row }) => (
          <span className="flex min-w-0 items-center gap-1.5">
            <StreamSwatch index={streamColorIndex.get(row.original.event.streamID)} />
            <span className="truncate">{streamsByID.get(row.original.event.streamID)?.name ?? ''}</span>
          </span>
        ),
      },
      {
        id: 'actor',
        header: 'Actor',
        accessorFn: (row) => row.event.actorID,
        cell: ({ row }) =>
          row.original.event.isMarker ? 'marker' : (actorsByID.get(row.original.event.actorID)?.name ?? ''),
      },
      {
        id: 'message',
        header: 'Message',
        accessorFn: (row) => row.event.message,
        cell: ({ row }) =>
          eventMessagePending(row.original.event) ? (
            <span className="text-muted">Loading the message…</span>
          ) : (
            row.original.event.message
          ),
      },
      {
        id: 'tags',
        header: 'Tags',
        enableSorting: false,
        cell: ({ row }) => (annotations.tagsByEvent.get(row.original.event.id) ?? []).join(', '),
      },
    ],
    [zone, first, actorsByID, streamsByID, streamColorIndex, annotations],
  );
}

export function EventsTableView({ selectedEventID }: { selectedEventID: number | undefined }) {
  const { events, filtered, data, incidentID, settings, updateViewState, audit } = useIncidentPage();
  const navigate = useNavigate();
  const [sorting, setSorting] = useState<SortingState>([]);
  const deferredSorting = useDeferredValue(sorting);
  const names = useMemo(
    () => ({
      streams: new Map(data.streams.map((stream) => [stream.id, stream.name])),
      actors: new Map(data.actors.map((actor) => [actor.id, actor.name])),
    }),
    [data.streams, data.actors],
  );
  const order = useMemo(
    () =>
      sortEventPositions(
        events,
        filtered.positions,
        deferredSorting
          .filter((sort) => isSortField(sort.id))
          .map((sort) => ({ field: sort.id as EventSortField, desc: sort.desc })),
        names,
        eventListColumns(events),
      ),
    [events, filtered.positions, deferredSorting, names],
  );
  const { scrollRef, virtualizer } = useRowVirtualizer({
    count: order.length,
    rowHeightPx: ROW_HEIGHT_PX,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const rows = useMemo(
    () => items.map((item) => ({ place: item.index, event: events[order[item.index] ?? 0] as EventRow })),
    [items, events, order],
  );
  const columns = useColumns();
  const table = useTable({
    features,
    columns,
    data: rows,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    sortDescFirst: false,
    getRowId: (row) => String(row.event.id),
  });

  return (
    <section aria-label="Events" className="flex min-w-0 flex-col gap-1">
      <p className="text-xs text-muted">Click a heading to sort; shift-click to sort on several fields.</p>
      <div
        ref={scrollRef}
        role="table"
        aria-label="Events table"
        aria-rowcount={order.length + 1}
        className="overflow-auto rounded-md border border-line bg-panel text-sm"
        style={{ height: settings.visualizationHeight }}
      >
        <div role="rowgroup" className="sticky top-0 z-10 min-w-[64rem] border-b border-line bg-raised">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className={GRID}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <div
                    role="columnheader"
                    key={header.id}
                    aria-sort={ariaSort(sorted)}
                    className="px-2 py-1.5 font-semibold"
                  >
                    {canSort ? (
                      <SortButton
                        sorted={sorted}
                        place={sorting.length > 1 ? header.column.getSortIndex() + 1 : undefined}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        <table.FlexRender header={header} />
                      </SortButton>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div role="rowgroup" className="relative min-w-[64rem]" style={{ height: virtualizer.getTotalSize() }}>
          {table.getRowModel().rows.map((row) => {
            const { place, event } = row.original;
            const item = items.find((candidate) => candidate.index === place);
            return (
              <div
                role="row"
                key={row.id}
                aria-rowindex={place + 2}
                aria-selected={event.id === selectedEventID}
                data-event-id={event.id}
                onClick={() => {
                  updateViewState({ selectedEventIDs: [event.id] });
                  audit('select event', { eventID: event.id });
                  void navigate({
                    to: '/incident/$incidentID/{-$viewName}/event/$eventID',
                    params: { incidentID, viewName: 'events', eventID: event.id },
                  });
                }}
                className={classNames(
                  GRID,
                  'absolute inset-x-0 cursor-pointer border-b border-line/60 hover:bg-raised',
                  event.isMarker && 'bg-accent/10 font-medium',
                  event.id === selectedEventID && 'bg-raised outline-2 -outline-offset-2 outline-focus',
                )}
                style={{ height: ROW_HEIGHT_PX, transform: `translateY(${item?.start ?? place * ROW_HEIGHT_PX}px)` }}
              >
                {row.getAllCells().map((cell) => (
                  <div
                    role="cell"
                    key={cell.id}
                    className={classNames(
                      'truncate px-2 leading-7',
                      (cell.column.id === 'time' || cell.column.id === 'elapsed' || cell.column.id === 'duration') &&
                        'font-mono text-xs tabular-nums',
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <p className="text-xs text-muted">{countNoun(order.length, 'event')}</p>
    </section>
  );
}
