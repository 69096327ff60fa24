/*
 * Track telemetry beside the map (React shell of render/charts/track-telemetry-chart.ts): per shown
 * map, altitude, ground speed and vertical speed (derived from the points, domain/geo/track-telemetry.ts)
 * and heading, pitch and roll when the file has them. Units follow the file (ft, kt for aviation
 * files), switchable. The map's clock is drawn as a line; hovering sets the page's time cursor.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  deriveTrackTelemetry,
  TELEMETRY_UNITS,
  type TelemetryUnitSystem,
} from '../../../domain/geo/track-telemetry.ts';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import { createTrackTelemetryChart, type TrackTelemetryChart } from '../../render/charts/track-telemetry-chart.ts';
import type { SeriesLine } from '../../render/charts/series-plot.ts';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { chartCursorLink } from './chart-cursor-link.ts';
import { useElementWidth, useSeriesTheme } from './use-series-frame.ts';
import { PictureRoot } from '../../ui/picture-root.tsx';

const PICTURE = 'track-telemetry';
const PANEL_HEIGHT_PX = 84;

interface TelemetryMap {
  readonly id: number;
  readonly name: string;
  readonly colour: string;
  readonly points: MapPointColumns;
  readonly unitSystem: TelemetryUnitSystem;
}

interface TrackTelemetryProps {
  maps: readonly TelemetryMap[];
  zone: string;
  /** The map's clock (its replay cursor). */
  clockMicros: number | undefined;
  selectedEventID: number | undefined;
  selectedMicros: number | undefined;
}

const UNIT_CHOICES: readonly { value: TelemetryUnitSystem; label: string }[] = [
  { value: 'aviation', label: 'ft, kt' },
  { value: 'metric', label: 'm, m/s' },
];

export function TrackTelemetry({
  maps,
  zone: wantedZone,
  clockMicros,
  selectedEventID,
  selectedMicros,
}: TrackTelemetryProps) {
  const zone = useTimeZoneReady(wantedZone) ? wantedZone : 'UTC';
  const [chosenUnits, setChosenUnits] = useState<TelemetryUnitSystem | undefined>(undefined);
  const units = chosenUnits ?? maps[0]?.unitSystem ?? 'metric';
  const withPoints = useMemo(() => maps.filter((map) => map.points.count > 1), [maps]);
  return (
    <PictureRoot
      name={PICTURE}
      label="Track telemetry"
      selectedEventID={selectedEventID}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-line bg-panel px-2 py-1.5"
    >
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <h3 className="font-semibold">Track telemetry</h3>
        <SegmentedChoice label="Units" choices={UNIT_CHOICES} value={units} onChange={setChosenUnits} />
      </div>
      {withPoints.length === 0 ? (
        <p className="text-sm text-muted">
          The shown maps have fewer than two points, so there is no altitude or speed to plot. Show a map with a track
          in the side panel.
        </p>
      ) : null}
      {withPoints.map((map) => (
        <MapTelemetry
          key={map.id}
          map={map}
          zone={zone}
          unitSystem={units}
          clockMicros={clockMicros}
          selectedMicros={selectedMicros}
        />
      ))}
    </PictureRoot>
  );
}

function MapTelemetry({
  map,
  zone,
  unitSystem,
  clockMicros,
  selectedMicros,
}: {
  map: TelemetryMap;
  zone: string;
  unitSystem: TelemetryUnitSystem;
  clockMicros: number | undefined;
  selectedMicros: number | undefined;
}) {
  const theme = useSeriesTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(hostRef);
  const cursorStore = useTimeCursorStore();
  const telemetry = useMemo(() => deriveTrackTelemetry(map.points), [map.points]);
  const chartRef = useRef<TrackTelemetryChart | undefined>(undefined);
  const ready = widthPx > 0;

  useEffect(() => {
    const host = hostRef.current;
    const root = rootRef.current;
    if (!ready || !host || !root) return;
    const link = chartCursorLink(root, cursorStore, PICTURE);
    const chart = createTrackTelemetryChart(
      host,
      {
        timestamps: map.points.timestamps,
        actorIndexes: map.points.actorIndexes,
        actors: map.points.actors,
        colour: map.colour,
        telemetry,
      },
      {
        widthPx: host.clientWidth,
        panelHeightPx: PANEL_HEIGHT_PX,
        theme,
        zone,
        units: TELEMETRY_UNITS[unitSystem],
        onHover: link.onHover,
        onClick: (micros) => cursorStore.set(micros, PICTURE),
      },
    );
    chartRef.current = chart;
    const unlink = link.drawn((micros) => chart.showCursor(micros));
    return () => {
      unlink();
      chartRef.current = undefined;
      chart.destroy();
    };
    // Width changes resize (below); everything else here means other panels.
  }, [ready, map, telemetry, theme, zone, unitSystem, cursorStore]);

  useEffect(() => {
    if (widthPx > 0) chartRef.current?.resize(widthPx);
  }, [widthPx]);

  useEffect(() => {
    const lines: SeriesLine[] = [];
    if (clockMicros !== undefined) lines.push({ micros: clockMicros, color: theme.text, widthPx: 1, dash: [2, 2] });
    if (selectedMicros !== undefined) lines.push({ micros: selectedMicros, color: theme.selection, widthPx: 2 });
    chartRef.current?.setLines(lines);
  }, [clockMicros, selectedMicros, theme, ready, map, unitSystem, zone]);

  return (
    <div ref={rootRef} data-map-telemetry={map.id} className="flex min-w-0 flex-col gap-1">
      <h4 className="flex items-center gap-1.5 text-xs font-medium">
        <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: map.colour }} />
        {map.name}
      </h4>
      <div ref={hostRef} className="grid min-w-0 grid-cols-1 gap-1" />
    </div>
  );
}
