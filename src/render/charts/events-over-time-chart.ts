/*
 * Events over time: events per bin as stacked bars (one colour per stream or actor), markers as
 * dashed lines, the selected event as a solid one. Bins come ready (domain/events/events-over-time.ts,
 * in a worker when large), so a redraw costs the bins, never the events.
 */
import uPlot from 'uplot';
import { stackBins, type EventBins } from '../../../domain/events/events-over-time.ts';
import type { TimeRange } from '../../../domain/gestures/gesture-range.ts';
import type { ThemeColors } from '../theme-colors.ts';
import { createSeriesPlot, microsToSeconds, type SeriesLine, type SeriesPlot } from './series-plot.ts';

interface EventsOverTimeScene {
  readonly bins: EventBins;
  /** One per group of the bins, in group order. */
  readonly groups: readonly { readonly label: string; readonly color: string }[];
  readonly markerMicros: Float64Array;
  readonly selectedMicros: number | undefined;
  readonly fromMicros: number;
  readonly toMicros: number;
}

interface EventsOverTimeOptions {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly theme: ThemeColors;
  readonly zone: string;
  readonly onHover: (micros: number | undefined) => void;
  readonly onBrush: (fromMicros: number, toMicros: number) => void;
  readonly onClick: (micros: number) => void;
  readonly onDoubleClick: () => void;
  /** The whole incident: how far a drag or a pinch may take the range. */
  readonly touchBounds?: () => TimeRange;
  /** A drag or a pinch ended: the range it left (the shell makes it the time interval). */
  readonly onTouchRangeSettled?: (range: TimeRange) => void;
}

export interface EventsOverTimeChart {
  readonly plot: SeriesPlot;
  update(scene: EventsOverTimeScene): void;
  destroy(): void;
}

/** uPlot's columns: bin starts (seconds), then the stacked tops from the tallest down, so lower groups paint over. */
function eventsOverTimeData(bins: EventBins): uPlot.AlignedData {
  const xs = new Float64Array(bins.binCount);
  for (let bin = 0; bin < bins.binCount; bin += 1) xs[bin] = microsToSeconds(bins.binStartMicros[bin]!);
  return [xs, ...stackBins(bins).reverse()];
}

function linesOf(scene: EventsOverTimeScene, theme: ThemeColors): SeriesLine[] {
  const lines: SeriesLine[] = [];
  for (const micros of scene.markerMicros) lines.push({ micros, color: theme.marker, widthPx: 1, dash: [4, 3] });
  if (scene.selectedMicros !== undefined)
    lines.push({ micros: scene.selectedMicros, color: theme.selection, widthPx: 2 });
  return lines;
}

const seriesKey = (scene: EventsOverTimeScene) => JSON.stringify(scene.groups);

export function createEventsOverTimeChart(
  target: HTMLElement,
  first: EventsOverTimeScene,
  options: EventsOverTimeOptions,
): EventsOverTimeChart {
  const bars = uPlot.paths.bars?.({ size: [1, Infinity], gap: 0, align: 1 });
  const build = (scene: EventsOverTimeScene) => {
    const series = scene.groups
      .map((group): uPlot.Series => ({
        label: group.label,
        stroke: group.color,
        fill: group.color,
        width: 0,
        ...(bars ? { paths: bars } : {}),
        points: { show: false },
      }))
      .reverse();
    const built = createSeriesPlot(
      target,
      eventsOverTimeData(scene.bins),
      {
        widthPx: options.widthPx,
        heightPx: options.heightPx,
        theme: options.theme,
        zone: options.zone,
        series,
        yAxisLabel: 'events',
        yRange: (_, _min, max) => [0, max > 0 ? max * 1.08 : 1],
        onHover: options.onHover,
        onBrush: options.onBrush,
        onClick: options.onClick,
        onDoubleClick: options.onDoubleClick,
        ...(options.touchBounds ? { touchBounds: options.touchBounds } : {}),
        ...(options.onTouchRangeSettled ? { onTouchRangeSettled: options.onTouchRangeSettled } : {}),
      },
      { fromMicros: scene.fromMicros, toMicros: scene.toMicros },
    );
    built.setLines(linesOf(scene, options.theme));
    return built;
  };
  let key = seriesKey(first);
  let current = build(first);
  const chart: EventsOverTimeChart = {
    get plot() {
      return current;
    },
    update(scene) {
      const nextKey = seriesKey(scene);
      if (nextKey !== key) {
        // Other groups mean other series: a new plot is simpler than adding and deleting series.
        const size = { widthPx: current.plot.width, heightPx: current.plot.height };
        current.destroy();
        key = nextKey;
        current = build(scene);
        current.resize(size.widthPx, size.heightPx);
        return;
      }
      current.plot.batch(() => {
        current.setRange(scene.fromMicros, scene.toMicros);
        current.setData(eventsOverTimeData(scene.bins));
        current.setLines(linesOf(scene, options.theme));
      });
    },
    destroy: () => current.destroy(),
  };
  return chart;
}
