/*
 * The one uPlot set-up every time series shares: theme colours from the page's --ck-* tokens, the
 * time axis in the incident's zone (series-time-axis.ts), brushing, and lines drawn over the plot
 * (markers, the selected event, a clock). x values are seconds since the epoch, as uPlot's time
 * scale expects; the callers speak microseconds. No React: features/series mounts it.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ThemeColors } from '../theme-colors.ts';
import type { TimeRange } from '../../../domain/gestures/gesture-range.ts';
import { formatTimeTicks } from './series-time-axis.ts';
import { attachSeriesTouch } from './series-touch.ts';

export interface SeriesLine {
  readonly micros: number;
  readonly color: string;
  readonly widthPx: number;
  readonly dash?: readonly number[];
}

interface SeriesPlotOptions {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly theme: ThemeColors;
  readonly zone: string;
  /** The y series (uPlot's x series comes first and is added here). */
  readonly series: readonly uPlot.Series[];
  readonly yAxisLabel?: string;
  /** False for stacked panels that share the time axis of the panel below them. */
  readonly timeAxis?: boolean;
  readonly yRange?: uPlot.Range.Function;
  /** Plots sharing a key move their cursors together (the telemetry panels of one map). */
  readonly syncKey?: string;
  readonly onHover?: (micros: number | undefined) => void;
  /** A drag across the plot: the time range brushed. */
  readonly onBrush?: (fromMicros: number, toMicros: number) => void;
  readonly onClick?: (micros: number) => void;
  readonly onDoubleClick?: () => void;
  /** Touch: where a drag or a pinch may take the time range (none: anywhere). */
  readonly touchBounds?: () => TimeRange | undefined;
  /** Touch: the range under the fingers, as it moves (plots sharing an axis follow). */
  readonly onTouchRange?: (range: TimeRange) => void;
  /** Touch: the fingers lifted after a drag or a pinch, leaving this range. */
  readonly onTouchRangeSettled?: (range: TimeRange) => void;
}

export interface SeriesPlot {
  readonly plot: uPlot;
  setData(data: uPlot.AlignedData): void;
  setRange(fromMicros: number, toMicros: number): void;
  /** Moves the cursor to an instant another picture chose, without reporting it back (no echo). */
  showCursor(micros: number | undefined): void;
  setLines(lines: readonly SeriesLine[]): void;
  resize(widthPx: number, heightPx: number): void;
  destroy(): void;
}

const toSeconds = (micros: number) => micros / 1_000_000;
const toMicros = (seconds: number) => Math.round(seconds * 1_000_000);

/**
 * uPlot's tzDate: a Date whose local fields read as the wall clock in `zone`, so its time splits fall
 * on the zone's whole hours and days. uPlot.tzDate builds an Intl formatter on every call, and uPlot
 * calls it per split and per cursor move, which doubled a first draw; one formatter is kept here,
 * and UTC needs none.
 */
function zoneDate(zone: string): (seconds: number) => Date {
  const shiftToLocal = (date: Date) => new Date(date.getTime() + date.getTimezoneOffset() * 60_000);
  let format: Intl.DateTimeFormat;
  try {
    if (zone === 'UTC') throw new RangeError('UTC needs no formatter');
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return (seconds) => shiftToLocal(new Date(seconds * 1000));
  }
  return (seconds) => {
    const date = new Date(seconds * 1000);
    const field: Record<string, number> = {};
    for (const part of format.formatToParts(date)) if (part.type !== 'literal') field[part.type] = Number(part.value);
    return new Date(
      field['year'] ?? 1970,
      (field['month'] ?? 1) - 1,
      field['day'] ?? 1,
      field['hour'] ?? 0,
      field['minute'] ?? 0,
      field['second'] ?? 0,
      date.getUTCMilliseconds(),
    );
  };
}

export function createSeriesPlot(
  target: HTMLElement,
  data: uPlot.AlignedData,
  options: SeriesPlotOptions,
  range: { fromMicros: number; toMicros: number },
): SeriesPlot {
  const { theme } = options;
  const font = `11px ${getComputedStyle(target).fontFamily || 'system-ui, sans-serif'}`;
  let xRange: [number, number] = [
    toSeconds(range.fromMicros),
    toSeconds(Math.max(range.toMicros, range.fromMicros + 1000)),
  ];
  // The range drawn, readable by tests and assistive tools (a pinch or a drag moves it).
  const markRange = () => {
    target.setAttribute('data-range-from-micros', String(toMicros(xRange[0])));
    target.setAttribute('data-range-to-micros', String(toMicros(xRange[1])));
  };
  markRange();
  let lines: readonly SeriesLine[] = [];
  let pointerDownX: number | undefined;
  const axis = (label?: string): uPlot.Axis => ({
    stroke: theme.muted,
    font,
    labelFont: font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1, size: 4 },
    ...(label ? { label, labelSize: 16 } : {}),
  });
  const opts: uPlot.Options = {
    width: Math.max(50, options.widthPx),
    height: Math.max(40, options.heightPx),
    legend: { show: false },
    tzDate: zoneDate(options.zone),
    scales: {
      x: { time: true, range: () => xRange },
      y: { range: options.yRange ?? ((_, min, max) => (min === max ? [min - 1, max + 1] : [min, max])) },
    },
    series: [{}, ...options.series],
    axes: [
      {
        ...axis(),
        show: options.timeAxis !== false,
        size: options.timeAxis === false ? 0 : 40,
        space: 70,
        values: (_, splits, _axis, _space, increment) =>
          formatTimeTicks(splits.map(toMicros), increment * 1_000_000, options.zone),
      },
      { ...axis(options.yAxisLabel), size: 52 },
    ],
    cursor: {
      ...(options.syncKey ? { sync: { key: options.syncKey } } : {}),
      points: { show: false },
      y: false,
      x: true,
      drag: { x: Boolean(options.onBrush), y: false, setScale: false },
      bind: {
        dblclick: () => () => {
          options.onDoubleClick?.();
          return null;
        },
      },
    },
    select: { show: Boolean(options.onBrush), left: 0, top: 0, width: 0, height: 0 },
    hooks: {
      setCursor: [
        (u) => {
          const left = u.cursor.left ?? -1;
          options.onHover?.(left < 0 ? undefined : toMicros(u.posToVal(left, 'x')));
        },
      ],
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          if (width < 3) return;
          options.onBrush?.(toMicros(u.posToVal(left, 'x')), toMicros(u.posToVal(left + width, 'x')));
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
      draw: [
        (u) => {
          const { ctx, bbox } = u;
          ctx.save();
          for (const line of lines) {
            // Round to a device pixel and centre the stroke on it, so a 1px line stays crisp.
            const x = Math.round(u.valToPos(toSeconds(line.micros), 'x', true)) + 0.5;
            if (x < bbox.left || x > bbox.left + bbox.width) continue;
            ctx.strokeStyle = line.color;
            ctx.lineWidth = line.widthPx * uPlot.pxRatio;
            ctx.setLineDash(line.dash ? line.dash.map((step) => step * uPlot.pxRatio) : []);
            ctx.beginPath();
            ctx.moveTo(x, bbox.top);
            ctx.lineTo(x, bbox.top + bbox.height);
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  };
  const plot = new uPlot(opts, data, target);
  plot.over.addEventListener('pointerdown', (event) => {
    pointerDownX = event.clientX;
  });
  const moveTo = (next: TimeRange) => {
    xRange = [toSeconds(next.fromMicros), toSeconds(Math.max(next.toMicros, next.fromMicros + 1000))];
    plot.setScale('x', { min: xRange[0], max: xRange[1] });
    markRange();
  };
  const showAndReport = (micros: number) =>
    plot.setCursor({ left: plot.valToPos(toSeconds(micros), 'x'), top: plot.bbox.height / uPlot.pxRatio / 2 });
  const detachTouch = attachSeriesTouch({
    element: plot.over,
    range: () => ({ fromMicros: toMicros(xRange[0]), toMicros: toMicros(xRange[1]) }),
    bounds: () => options.touchBounds?.(),
    onRange(next) {
      moveTo(next);
      options.onTouchRange?.(next);
    },
    onRangeSettled: (settled) => options.onTouchRangeSettled?.(settled),
    onTap(micros) {
      showAndReport(micros);
      options.onClick?.(micros);
    },
    onHold: showAndReport,
  });
  plot.over.addEventListener('click', (event) => {
    // A tap was read by the touch gestures already.
    if (event instanceof PointerEvent && event.pointerType !== 'mouse' && event.pointerType !== '') return;
    // A brush ends with a click too; only a click that did not move picks an instant.
    if (pointerDownX !== undefined && Math.abs(event.clientX - pointerDownX) > 3) return;
    const rect = plot.over.getBoundingClientRect();
    options.onClick?.(toMicros(plot.posToVal(event.clientX - rect.left, 'x')));
  });
  return {
    plot,
    setData: (next) => plot.setData(next),
    setRange: (fromMicros, toMicrosValue) => moveTo({ fromMicros, toMicros: toMicrosValue }),
    showCursor(micros) {
      if (micros === undefined) plot.setCursor({ left: -10, top: -10 }, false);
      else
        plot.setCursor(
          { left: plot.valToPos(toSeconds(micros), 'x'), top: plot.bbox.height / uPlot.pxRatio / 2 },
          false,
        );
    },
    setLines(next) {
      lines = next;
      plot.redraw(false, false);
    },
    resize: (widthPx, heightPx) => plot.setSize({ width: Math.max(50, widthPx), height: Math.max(40, heightPx) }),
    destroy() {
      detachTouch();
      plot.destroy();
    },
  };
}

export { toSeconds as microsToSeconds };
