/*
 * The shown events binned for the events-over-time series, by stream or by actor: the eight busiest
 * groups keep their own colour (streams keep the colour every picture gives them) and the rest are
 * "Other". Large incidents bin in a worker (render/charts/series-bins-client.ts); the bins in hand
 * stay drawn until the next arrive.
 */
import { useEffect, useMemo, useState } from 'react';
import { paletteColor, CHART_PALETTE } from '../../../domain/color/palette.ts';
import { rankGroups, type EventBins } from '../../../domain/events/events-over-time.ts';
import { eventListColumns } from '../../data/mirror/index.ts';
import { useWorkerClient } from '../../data/use-worker-client.ts';
import { createSeriesBinsClient } from '../../render/charts/series-bins-client.ts';
import type { ThemeColors } from '../../render/theme-colors.ts';

export type StackBy = 'stream' | 'actor';

export interface SeriesEvent {
  readonly streamID: number;
  readonly actorID: number;
  readonly isMarker: boolean;
  readonly startTimestamp: number;
}

export interface EventGroup {
  readonly label: string;
  readonly color: string;
}

const MAX_GROUPS = CHART_PALETTE.length;

export function useEventBins(input: {
  events: readonly SeriesEvent[];
  positions: Uint32Array;
  stackBy: StackBy;
  fromMicros: number;
  toMicros: number;
  binCount: number;
  streamName: (streamID: number) => string;
  streamColorIndex: (streamID: number) => number;
  actorName: (actorID: number) => string;
  theme: ThemeColors;
}): { bins: EventBins | undefined; groups: readonly EventGroup[]; markerMicros: Float64Array; eventCount: number } {
  const { events, positions, stackBy, fromMicros, toMicros, binCount, streamName, streamColorIndex, actorName, theme } =
    input;
  const prepared = useMemo(() => {
    let eventCount = 0;
    const markers: number[] = [];
    const keys = new Float64Array(positions.length);
    const places = new Uint32Array(positions.length);
    // The mirror's number columns when the list has them: no row object read per event.
    const columns = eventListColumns(events);
    if (columns) {
      const groupOf = stackBy === 'stream' ? columns.streamIDs : columns.actorIDs;
      for (const position of positions) {
        if (position >= columns.count) continue;
        if (columns.isMarker[position] === 1) {
          markers.push(columns.startTimestamps[position] as number);
          continue;
        }
        keys[eventCount] = groupOf[position] as number;
        places[eventCount] = position;
        eventCount += 1;
      }
    }
    for (const position of columns ? [] : positions) {
      const event = events[position];
      if (!event) continue;
      if (event.isMarker) {
        markers.push(event.startTimestamp);
        continue;
      }
      keys[eventCount] = stackBy === 'stream' ? event.streamID : event.actorID;
      places[eventCount] = position;
      eventCount += 1;
    }
    const ranked = rankGroups(keys.subarray(0, eventCount), MAX_GROUPS);
    const groups: EventGroup[] = ranked.keys.map((key, index) =>
      stackBy === 'stream'
        ? { label: streamName(key) || `Stream ${key}`, color: paletteColor(streamColorIndex(key), theme.scheme) }
        : { label: actorName(key) || 'No actor', color: theme.palette[index % theme.palette.length] ?? theme.text },
    );
    if (ranked.hasOther) groups.push({ label: 'Other', color: theme.muted });
    if (groups.length === 0) groups.push({ label: 'Events', color: theme.palette[0] ?? theme.text });
    return { eventCount, keys, places, ranked, groups, markerMicros: Float64Array.from(markers) };
  }, [events, positions, stackBy, streamName, streamColorIndex, actorName, theme]);

  const binnerOf = useWorkerClient(createSeriesBinsClient);

  const [bins, setBins] = useState<EventBins | undefined>(undefined);
  useEffect(() => {
    const binner = binnerOf();
    let current = true;
    const { eventCount, keys, places, ranked, groups } = prepared;
    // Fresh arrays each time: the worker takes them (transferred), and the prepared ones stay for the next binning.
    const startMicros = new Float64Array(eventCount);
    const groupOf = new Uint8Array(eventCount);
    const starts = eventListColumns(events)?.startTimestamps;
    // The group of each key from a typed array when the keys are small ids: no Map lookup per event.
    const ids = [...ranked.indexOf.keys()];
    const small = ids.every((key) => Number.isInteger(key) && key >= 0 && key < 1 << 20);
    const dense = small ? new Uint8Array(Math.max(0, ...ids) + 1) : undefined;
    if (dense) for (const [key, group] of ranked.indexOf) dense[key] = group;
    for (let index = 0; index < eventCount; index += 1) {
      startMicros[index] = starts ? starts[places[index]!]! : events[places[index]!]!.startTimestamp;
      const key = keys[index]!;
      groupOf[index] = (dense ? dense[key] : ranked.indexOf.get(key)) ?? 0;
    }
    binner
      .bin({
        startMicros,
        groups: groupOf,
        groupCount: Math.max(1, groups.length),
        fromMicros,
        toMicros,
        binCount: Math.max(1, binCount),
      })
      .then((next) => {
        if (current) setBins(next);
      })
      .catch((error: unknown) => console.error('events over time could not be binned', error));
    return () => {
      current = false;
    };
  }, [binnerOf, prepared, events, fromMicros, toMicros, binCount]);

  return {
    bins: bins && bins.groupCount === Math.max(1, prepared.groups.length) ? bins : undefined,
    groups: prepared.groups,
    markerMicros: prepared.markerMicros,
    eventCount: prepared.eventCount,
  };
}
