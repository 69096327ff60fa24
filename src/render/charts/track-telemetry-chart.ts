/*
 * Track telemetry for one map: small panels of altitude, ground speed, vertical speed and (when the
 * file has them) heading, pitch and roll, one line per actor, on one time axis. Every panel is a
 * plot of series-plot.ts; their cursors move together through the caller (the page's shared
 * cursor), not through uPlot's sync, so a cursor set from outside is never echoed back.
 */
import type uPlot from 'uplot';
import type { TelemetryUnits, TrackTelemetry } from '../../../domain/geo/track-telemetry.ts';
import type { ThemeColors } from '../theme-colors.ts';
import { createSeriesPlot, microsToSeconds, type SeriesLine, type SeriesPlot } from './series-plot.ts';

interface TelemetryTrack {
  readonly timestamps: readonly number[];
  readonly actorIndexes: readonly number[];
  readonly actors: readonly string[];
  readonly colour: string;
  readonly telemetry: TrackTelemetry;
}

interface TrackTelemetryOptions {
  readonly widthPx: number;
  readonly panelHeightPx: number;
  readonly theme: ThemeColors;
  readonly zone: string;
  readonly units: TelemetryUnits;
  readonly onHover: (micros: number | undefined) => void;
  readonly onClick: (micros: number) => void;
}

export interface TrackTelemetryChart {
  readonly panels: readonly SeriesPlot[];
  showCursor(micros: number | undefined, exceptPanel?: SeriesPlot): void;
  setLines(lines: readonly SeriesLine[]): void;
  resize(widthPx: number): void;
  destroy(): void;
}

/** The time axis's height under the last panel (two lines of labels). */
const TIME_AXIS_PX = 40;

interface Quantity {
  readonly title: string;
  /** Series of this panel: a name and the value of point `index`, or NaN when unknown. */
  readonly lines: readonly { readonly name: string; readonly values: Float64Array; readonly scale: number }[];
}

/** Only the actors' own points carry a value in their series; uPlot joins each line across the others' (spanGaps). */
function actorColumns(track: TelemetryTrack, values: Float64Array, scale: number): (number | null)[][] {
  const actorCount = Math.max(1, track.actors.length);
  const columns = Array.from({ length: actorCount }, () => new Array<number | null>(values.length).fill(null));
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (!Number.isNaN(value)) columns[track.actorIndexes[index] ?? 0]![index] = value * scale;
  }
  return columns;
}

function quantities(track: TelemetryTrack, units: TelemetryUnits): Quantity[] {
  const { telemetry } = track;
  const list: Quantity[] = [
    {
      title: `Altitude (${units.altitude.label})`,
      lines: [{ name: 'altitude', values: telemetry.altitudeMetres, scale: units.altitude.perMetre }],
    },
    {
      title: `Ground speed (${units.speed.label})`,
      lines: [
        { name: 'ground speed', values: telemetry.groundSpeedMetresPerSecond, scale: units.speed.perMetrePerSecond },
      ],
    },
    {
      title: `Vertical speed (${units.verticalSpeed.label})`,
      lines: [
        {
          name: 'vertical speed',
          values: telemetry.verticalSpeedMetresPerSecond,
          scale: units.verticalSpeed.perMetrePerSecond,
        },
      ],
    },
  ];
  const attitude = (
    [
      ['heading', telemetry.headingDegrees],
      ['pitch', telemetry.pitchDegrees],
      ['roll', telemetry.rollDegrees],
    ] as const
  ).flatMap(([name, values]) => (values ? [{ name, values, scale: 1 }] : []));
  if (attitude.length > 0)
    list.push({
      title: `${attitude.map((line) => line.name[0]!.toUpperCase() + line.name.slice(1)).join(', ')} (°)`,
      lines: attitude,
    });
  return list;
}

export function createTrackTelemetryChart(
  container: HTMLElement,
  track: TelemetryTrack,
  options: TrackTelemetryOptions,
): TrackTelemetryChart {
  const { theme } = options;
  const xs = Float64Array.from(track.timestamps, microsToSeconds);
  const first = track.timestamps[0] ?? 0;
  const last = track.timestamps[track.timestamps.length - 1] ?? first;
  const panels: SeriesPlot[] = [];
  const heights: number[] = [];
  const actorCount = Math.max(1, track.actors.length);
  const list = quantities(track, options.units);
  for (const [quantityIndex, quantity] of list.entries()) {
    const figure = document.createElement('figure');
    figure.className = 'm-0 flex flex-col';
    const caption = document.createElement('figcaption');
    caption.className = 'text-xs text-muted';
    caption.textContent = quantity.title;
    const target = document.createElement('div');
    figure.append(caption, target);
    container.append(figure);
    const series: uPlot.Series[] = [];
    const data: (Float64Array | (number | null)[])[] = [xs];
    quantity.lines.forEach((line, lineIndex) => {
      actorColumns(track, line.values, line.scale).forEach((column, actor) => {
        // One quantity: a colour per actor, the map's own when alone; attitude: a colour per angle.
        const stroke =
          quantity.lines.length > 1
            ? (theme.palette[lineIndex] ?? theme.text)
            : actorCount > 1
              ? (theme.palette[actor % theme.palette.length] ?? theme.text)
              : track.colour;
        series.push({
          label: `${line.name}${actorCount > 1 ? ` ${track.actors[actor] ?? ''}` : ''}`,
          stroke,
          width: 1.5,
          spanGaps: true,
          points: { show: false },
        });
        data.push(column);
      });
    });
    const lowest = quantityIndex === list.length - 1;
    heights.push(options.panelHeightPx + (lowest ? TIME_AXIS_PX : 0));
    const panel: SeriesPlot = createSeriesPlot(
      target,
      data as uPlot.AlignedData,
      {
        widthPx: options.widthPx,
        heightPx: heights[quantityIndex]!,
        theme,
        zone: options.zone,
        series,
        // One time axis, under the last panel: the panels above share it.
        timeAxis: lowest,
        onHover: (micros) => {
          chart.showCursor(micros, panel);
          options.onHover(micros);
        },
        onClick: options.onClick,
        // A drag or a pinch on one panel moves every panel's time axis: they are one picture.
        touchBounds: () => ({ fromMicros: first, toMicros: Math.max(last, first + 1000) }),
        onTouchRange: (range) => {
          for (const other of panels) if (other !== panel) other.setRange(range.fromMicros, range.toMicros);
        },
      },
      { fromMicros: first, toMicros: last },
    );
    panels.push(panel);
  }
  const chart: TrackTelemetryChart = {
    panels,
    showCursor(micros, exceptPanel) {
      for (const panel of panels) if (panel !== exceptPanel) panel.showCursor(micros);
    },
    setLines(lines) {
      for (const panel of panels) panel.setLines(lines);
    },
    resize(widthPx) {
      panels.forEach((panel, index) => panel.resize(widthPx, heights[index] ?? options.panelHeightPx));
    },
    destroy() {
      for (const panel of panels) panel.destroy();
      container.replaceChildren();
    },
  };
  return chart;
}
