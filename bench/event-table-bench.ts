/*
 * The incident page at a million events: filtering (domain/events/event-filter.ts) and the events
 * table's multi-field sort (domain/events/sort-events.ts, typed arrays, names ranked once) beside
 * TanStack Table v9's own sorted row model (createSortedRowModel) on the same rows and sort.
 * The events table hands TanStack only the rows on screen for this reason. Returns a Markdown section.
 */
import {
  constructTable,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { filterEvents, indexEventAnnotations, NO_EVENT_FILTER } from '../domain/events/event-filter.ts';
import { sortEventPositions, type SortableEvent } from '../domain/events/sort-events.ts';
import { median, ms, table, thousands, versus } from './measure.ts';

interface Row extends SortableEvent {
  actorName: string;
}

function makeEvents(count: number): { events: Row[]; actors: Map<number, string>; streams: Map<number, string> } {
  const actors = new Map(
    Array.from({ length: 40 }, (_, index) => [
      index + 1,
      `${index % 3 === 0 ? 'bot' : 'Person'} ${(index * 7919) % 1000}`,
    ]),
  );
  const streams = new Map(Array.from({ length: 12 }, (_, index) => [index + 1, `stream ${index}`]));
  const words = ['disk', 'latency', 'failover', 'replica', 'checkout', 'error', 'ack', 'deploy', 'page', 'rollback'];
  const events: Row[] = [];
  for (let index = 0; index < count; index += 1) {
    const actorID = ((index * 31) % 40) + 1;
    events.push({
      id: index + 1,
      streamID: ((index * 13) % 12) + 1,
      actorID,
      actorName: actors.get(actorID) ?? '',
      isMarker: index % 5000 === 0,
      message: `${words[index % 10]} ${words[(index * 3) % 10]} event ${index}`,
      startTimestamp: 1_700_000_000_000_000 + index * 250_000,
      endTimestamp: 1_700_000_000_000_000 + index * 250_000 + (index % 7) * 1000,
    });
  }
  return { events, actors, streams };
}

function time(runs: number, work: () => unknown): number {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export function runEventTableBench(count: number, log: (line: string) => void): string {
  log(`\nEvents table at ${thousands(count)} events:`);
  const { events, actors, streams } = makeEvents(count);
  const eventTags = events
    .filter((event) => event.id % 97 === 0)
    .map((event) => ({ itemID: event.id, name: 'root-cause' }));
  const index = indexEventAnnotations({ eventTags, collections: [], notes: [] });
  const all = filterEvents(events, index, NO_EVENT_FILTER);
  const filterMillis = time(5, () =>
    filterEvents(events, index, {
      ...NO_EVENT_FILTER,
      searchTerm: 'disk failover',
      tagModes: new Map([['root-cause', 'i']]),
    }),
  );
  const sorts = [
    { field: 'actor', desc: false },
    { field: 'time', desc: true },
  ] as const;
  const ourSortMillis = time(3, () => sortEventPositions(events, all.positions, sorts, { streams, actors }));

  const features = tableFeatures({
    coreReactivityFeature: storeReactivityBindings(),
    rowSortingFeature,
    sortedRowModel: createSortedRowModel(),
    sortFns: { basic: sortFn_basic, text: sortFn_text },
  });
  const columns: Array<ColumnDef<typeof features, Row>> = [
    { id: 'actor', accessorFn: (row) => row.actorName, sortFn: 'text' },
    { id: 'time', accessorFn: (row) => row.startTimestamp, sortFn: 'basic' },
  ];
  const tanstackMillis = time(1, () => {
    const instance = constructTable({
      features,
      columns,
      data: events,
      state: {
        sorting: [
          { id: 'actor', desc: false },
          { id: 'time', desc: true },
        ],
      },
    });
    return instance.getRowModel().rows.length;
  });
  log(
    `  filter (two words, one ignored tag): ${ms(filterMillis)} ms; sort actor asc, time desc: ours ${ms(ourSortMillis)} ms, TanStack Table sorted row model ${ms(tanstackMillis)} ms (${versus(ourSortMillis, tanstackMillis)})`,
  );
  return [
    `## Events table at ${thousands(count)} events (Node ${process.version})`,
    '',
    'Filtering and sorting what the incident page shows. The events table sorts with domain/events/sort-events.ts and hands TanStack Table only the rows on screen.',
    '',
    table(
      ['work', 'ours', 'TanStack Table v9 sorted row model', 'ratio'],
      [
        ['filter: search words + ignored tag', `${ms(filterMillis)} ms`, '—', '—'],
        [
          'sort: actor asc, then time desc',
          `${ms(ourSortMillis)} ms`,
          `${ms(tanstackMillis)} ms`,
          versus(ourSortMillis, tanstackMillis),
        ],
      ],
    ),
  ].join('\n');
}
