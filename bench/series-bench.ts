/*
 * The uPlot series in headless Chromium: our wrapper (src/render/charts/series-plot.ts) beside bare
 * uPlot on the same 166,650 and 1,000,000 points (first draw, a cursor sweep), and events over time
 * beside the canvas density strip it replaced, on the same events. The page is
 * bench/pages/series-bench-page.ts, bundled here with Vite. Returns a Markdown section.
 */
import { rm } from 'node:fs/promises';
import { bundleModulePage, launchBenchChromium, runOnModulePage } from './bench-browser.ts';
import { cpus, loadavg } from 'node:os';
import { resultsSection } from './results-file.ts';
import { median, ms, table, thousands } from './measure.ts';

export const SERIES_SECTION = resultsSection('series-bench', 'npm run bench:series');
const ORIGIN = 'http://series-bench.localhost';
const KINDS = ['ours', 'bare-uplot', 'events-over-time', 'density-strip'] as const;
type Kind = (typeof KINDS)[number];
const LABELS: Record<Kind, string> = {
  ours: 'our uPlot wrapper (series-plot.ts)',
  'bare-uplot': 'bare uPlot 1.6',
  'events-over-time': 'events over time (bin + stacked bars)',
  'density-strip': 'canvas density strip (replaced)',
};

interface Figures {
  firstDrawMs: number[];
  sweepMs: number[];
  medianFirstDrawMs: number;
  medianSweepMs: number;
  medianBinMs: number;
  binMs?: number[];
}
interface Run {
  kind: Kind;
  points: number;
  figures: Figures;
}

const ROUNDS = 3;
export async function runSeriesBench(options: { sizes: number[]; log: (line: string) => void }): Promise<string> {
  const { log } = options;
  log(`\nseries (headless Chromium; ${options.sizes.map(thousands).join(', ')} points):`);
  const outDir = await bundleModulePage('series-bench-page', { build: { cssCodeSplit: false } });
  const browser = await launchBenchChromium();
  const runs: Run[] = [];
  try {
    const version = browser.version();
    // Rounds interleave the renderers, so a burst of load from other work on the machine falls on all of them alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const points of options.sizes) {
        for (const kind of KINDS) {
          const figures = await runOnModulePage<Figures>(browser, ORIGIN, outDir, 'seriesBench', kind, points);
          const run = runs.find((item) => item.kind === kind && item.points === points);
          if (run) {
            run.figures.firstDrawMs.push(...figures.firstDrawMs);
            run.figures.sweepMs.push(...figures.sweepMs);
            run.figures.binMs = [...(run.figures.binMs ?? []), ...(figures.binMs ?? [])];
          } else runs.push({ kind, points, figures });
        }
      }
    }
    for (const run of runs) {
      const f = run.figures;
      f.medianFirstDrawMs = median(f.firstDrawMs);
      f.medianSweepMs = f.sweepMs.length > 0 ? median(f.sweepMs) : Number.NaN;
      f.medianBinMs = f.binMs && f.binMs.length > 0 ? median(f.binMs) : Number.NaN;
      log(
        `  ${LABELS[run.kind]} at ${thousands(run.points)}: first draw median ${ms(f.medianFirstDrawMs)} ms${run.kind === 'events-over-time' ? ` (binning ${ms(f.medianBinMs)} ms of it)` : ''}${f.sweepMs.length > 0 ? `, cursor sweep median ${ms(f.medianSweepMs)} ms` : ''} (${f.firstDrawMs.length} runs)`,
      );
    }
    log(
      `  load average over the last 5 minutes: ${loadavg()[1]?.toFixed(1)} on ${cpus().length} cores (other work shares this machine)`,
    );
    return section(runs, version);
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

const ratio = (ours: number, baseline: number) => `${(ours / baseline).toFixed(2)}x`;

function section(runs: Run[], version: string): string {
  const of = (kind: Kind, points: number) => runs.find((run) => run.kind === kind && run.points === points)?.figures;
  const sizes = [...new Set(runs.map((run) => run.points))];
  const wrapperRows = sizes.map((points) => {
    const ours = of('ours', points)!;
    const bare = of('bare-uplot', points)!;
    return [
      thousands(points),
      `${ms(ours.medianFirstDrawMs)} ms`,
      `${ms(bare.medianFirstDrawMs)} ms`,
      ratio(ours.medianFirstDrawMs, bare.medianFirstDrawMs),
      `${ms(ours.medianSweepMs)} ms`,
      `${ms(bare.medianSweepMs)} ms`,
      ratio(ours.medianSweepMs, bare.medianSweepMs),
    ];
  });
  const stripRows = sizes.map((points) => {
    const ours = of('events-over-time', points)!;
    const strip = of('density-strip', points)!;
    return [
      thousands(points),
      `${ms(ours.medianFirstDrawMs)} ms (binning ${ms(ours.medianBinMs)} ms)`,
      `${ms(strip.medianFirstDrawMs)} ms`,
      ratio(ours.medianFirstDrawMs, strip.medianFirstDrawMs),
      `${ms(ours.medianSweepMs)} ms`,
      'none (no cursor)',
    ];
  });
  return [
    SERIES_SECTION.start,
    '## The uPlot series in the browser',
    '',
    `Headless Chromium ${version}, 1000 × 300 px, medians of 21 runs (3 rounds of 7, the renderers interleaved round by round), each on a fresh plot. Points: x a second apart, y a seeded random walk, the same for every renderer. ` +
      'First draw: from the typed arrays in memory to the canvas pixels read back (one pixel). Cursor sweep: 1,000 cursor moves across the plot, each forced through layout. ' +
      'The target is our wrapper within 1.2x of bare uPlot (what the theme, the time axis labels in the incident zone, and the lines drawn over the plot cost).',
    '',
    table(
      [
        'points',
        'ours: first draw',
        'bare uPlot: first draw',
        'ours / bare',
        'ours: cursor sweep',
        'bare uPlot: cursor sweep',
        'ours / bare',
      ],
      wrapperRows,
    ),
    '',
    'Within the 1.2x target in this run: ' +
      wrapperRows
        .map(
          (row) =>
            `${row[0]} points: first draw ${Number.parseFloat(row[3]!) <= 1.2 ? 'yes' : 'no'} (${row[3]}), cursor sweep ${Number.parseFloat(row[6]!) <= 1.2 ? 'yes' : 'no'} (${row[6]})`,
        )
        .join('; ') +
      '. The machine these ran on was shared (its load is printed below): a ratio of two medians of a few tens of milliseconds moves by a few tenths from run to run there, both ways.',
    '',
    'Events over time against the canvas density strip it replaced, on events at the same instants: ours bins them (inline, one pass over a typed array of start times; ' +
      'the picture moves this to a worker above 100,000 events) into a bar per 3 px and draws stacked bars with axes; the strip bins 240 bars through a position list and fills rectangles, ' +
      'with no axis, no cursor and no brushing.',
    '',
    table(
      [
        'events',
        'events over time: first draw',
        'density strip: first draw',
        'ours / strip',
        'events over time: cursor sweep',
        'density strip: cursor sweep',
      ],
      stripRows,
    ),
  ].join('\n');
}
