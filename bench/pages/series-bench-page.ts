/*
 * The series benchmark's page (bundled by bench/series-bench.ts, run in headless Chromium): the same
 * points drawn by our uPlot wrapper (series-plot.ts) and by bare uPlot, first draw and a cursor
 * sweep; and the same events binned and drawn by events over time and by the canvas density strip
 * it replaced. Each figure is the median of REPEATS runs. Puts `seriesBench` on the window.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { densityBins } from '../../domain/events/event-density.ts';
import { binEvents } from '../../domain/events/events-over-time.ts';
import { readThemeColors } from '../../src/render/theme-colors.ts';
import { createEventsOverTimeChart } from '../../src/render/charts/events-over-time-chart.ts';
import { renderDensityStrip } from './series-bench-density-strip.ts';
import { createSeriesPlot } from '../../src/render/charts/series-plot.ts';
import { nextFrame } from '../../src/render/frame-scheduler.ts';

const WIDTH = 1000;
const HEIGHT = 300;
const REPEATS = 7;
const SWEEP_STEPS = 1000;
const START_MICROS = 1_704_180_175_000_000;

export interface SeriesFigures {
  firstDrawMs: number[];
  /** A whole sweep of the cursor across the plot (SWEEP_STEPS moves), per run; empty where there is no cursor. */
  sweepMs: number[];
  /** Events over time: the binning part of the first draw. */
  binMs?: number[];
}

function host(): HTMLDivElement {
  document.body.replaceChildren();
  const div = document.createElement('div');
  div.style.cssText = `width:${WIDTH}px;height:${HEIGHT}px;font-family:sans-serif`;
  document.body.append(div);
  return div;
}

/** x in seconds (a point a second), y a random walk, the same every run (seeded). */
function points(count: number): [Float64Array, Float64Array] {
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  let seed = 7;
  let y = 0;
  for (let index = 0; index < count; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    y += seed / 2_147_483_648 - 0.5;
    xs[index] = START_MICROS / 1e6 + index;
    ys[index] = y;
  }
  return [xs, ys];
}

/**
 * Waits until the pixels are there. uPlot draws in a microtask queued by its constructor (and by
 * setData), so a microtask queued after it runs once the draw is done; reading one pixel back then
 * waits for the canvas itself.
 */
async function settle(canvas: HTMLCanvasElement): Promise<void> {
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function sweep(plot: uPlot): number {
  const started = performance.now();
  for (let step = 0; step < SWEEP_STEPS; step += 1) {
    plot.setCursor({ left: (step / SWEEP_STEPS) * plot.over.clientWidth, top: 10 });
    // Force the cursor's style change through layout, as a frame would.
    void plot.over.getBoundingClientRect();
  }
  return performance.now() - started;
}

async function run(
  kind: string,
  count: number,
): Promise<SeriesFigures & { medianFirstDrawMs: number; medianSweepMs: number; medianBinMs: number }> {
  const [xs, ys] = points(count);
  const theme = readThemeColors('light');
  const figures: SeriesFigures = { firstDrawMs: [], sweepMs: [] };
  // The strip was handed the filtered positions the page already held: made before its clock starts.
  const allPositions =
    kind === 'density-strip' ? Uint32Array.from({ length: count }, (_, index) => index) : new Uint32Array(0);
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const div = host();
    await nextFrame();
    const started = performance.now();
    if (kind === 'ours' || kind === 'bare-uplot') {
      let plot: uPlot;
      let destroy: () => void;
      if (kind === 'ours') {
        const ours = createSeriesPlot(
          div,
          [xs, ys],
          {
            widthPx: WIDTH,
            heightPx: HEIGHT,
            theme,
            zone: 'UTC',
            series: [{ stroke: theme.palette[0] ?? '#0071BF', width: 1 }],
            onHover: () => undefined,
          },
          { fromMicros: START_MICROS, toMicros: START_MICROS + count * 1e6 },
        );
        plot = ours.plot;
        destroy = ours.destroy;
      } else {
        plot = new uPlot(
          { width: WIDTH, height: HEIGHT, legend: { show: false }, series: [{}, { stroke: '#0071BF', width: 1 }] },
          [xs, ys],
          div,
        );
        destroy = () => plot.destroy();
      }
      await settle(plot.ctx.canvas);
      figures.firstDrawMs.push(performance.now() - started);
      figures.sweepMs.push(sweep(plot));
      destroy();
    } else if (kind === 'events-over-time') {
      // Events at the points' times: binned inline and drawn, as the picture does below the worker threshold.
      const binStarted = performance.now();
      const startMicros = new Float64Array(count);
      for (let index = 0; index < count; index += 1) startMicros[index] = xs[index]! * 1e6;
      const bins = binEvents({
        startMicros,
        groups: new Uint8Array(count),
        groupCount: 1,
        fromMicros: START_MICROS,
        toMicros: START_MICROS + count * 1e6,
        binCount: WIDTH / 3,
      });
      const drawStarted = performance.now();
      const chart = createEventsOverTimeChart(
        div,
        {
          bins,
          groups: [{ label: 'Events', color: theme.palette[0] ?? '#0071BF' }],
          markerMicros: new Float64Array(0),
          selectedMicros: undefined,
          fromMicros: START_MICROS,
          toMicros: START_MICROS + count * 1e6,
        },
        {
          widthPx: WIDTH,
          heightPx: HEIGHT,
          theme,
          zone: 'UTC',
          onHover: () => undefined,
          onBrush: () => undefined,
          onClick: () => undefined,
          onDoubleClick: () => undefined,
        },
      );
      await settle(chart.plot.plot.ctx.canvas);
      figures.firstDrawMs.push(performance.now() - started);
      (figures.binMs ??= []).push(drawStarted - binStarted);
      figures.sweepMs.push(sweep(chart.plot.plot));
      chart.destroy();
    } else {
      const canvas = document.createElement('canvas');
      canvas.style.cssText = `width:${WIDTH}px;height:${HEIGHT}px;display:block`;
      div.append(canvas);
      const bins = densityBins(
        (position) => xs[position]! * 1e6,
        allPositions,
        START_MICROS,
        START_MICROS + count * 1e6,
        240,
      );
      renderDensityStrip(canvas, { bins, window: undefined, barColor: '#2f5fb3', windowColor: '#1f2328' });
      await settle(canvas);
      figures.firstDrawMs.push(performance.now() - started);
    }
  }
  return {
    ...figures,
    medianFirstDrawMs: median(figures.firstDrawMs),
    medianSweepMs: median(figures.sweepMs),
    medianBinMs: median(figures.binMs ?? []),
  };
}

(globalThis as unknown as { seriesBench: { run: typeof run } }).seriesBench = { run };
