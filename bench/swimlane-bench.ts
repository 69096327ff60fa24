/*
 * The swimlane in headless Chromium with software WebGL (SwiftShader): time to the first frame and
 * pan and zoom frame times (median, p95) at 10k, 100k and 1M synthetic events, beside a naive Pixi
 * scene (a Graphics per event) and vis-timeline (a DOM timeline) on the same events at the sizes
 * they manage, as ratios; JS heap after each run. The page is bench/pages/swimlane-bench-page.ts,
 * bundled here with Vite (ES modules, so the layout worker comes along). Returns a Markdown section.
 */
import { rm } from 'node:fs/promises';
import { bundleModulePage, launchBenchChromium, runOnModulePage } from './bench-browser.ts';
import { SOFTWARE_WEBGL_ARGS } from '../tests/support/chromium-args.ts';
import type { GlCounts } from '../src/render/swimlane/gl-counter.ts';
import { resultsSection } from './results-file.ts';
import { median, ms, percentile, table, thousands, versus } from './measure.ts';

export const SWIMLANE_SECTION = resultsSection('swimlane-bench', 'npm run bench:swimlane');
const ORIGIN = 'http://swimlane-bench.localhost';
const KINDS = ['swimlane', 'naive-pixi', 'vis-timeline'] as const;
type Kind = (typeof KINDS)[number];
const KIND_LABELS: Record<Kind, string> = {
  swimlane: 'swimlane (worker layout + LOD)',
  'naive-pixi': 'naive Pixi (a Graphics per event)',
  'vis-timeline': 'vis-timeline (DOM)',
};

interface Figures {
  firstFrameMs: number;
  panMs: number[];
  zoomMs: number[];
  heapMB: number;
  heapBeforeMB: number;
  boxFrames?: number;
  panJsMs?: number[];
  zoomJsMs?: number[];
  /** The swimlane's first frame in parts: typed arrays, worker layout, draw call, waiting for pixels. */
  firstFrameParts?: { inputMs: number; layoutMs: number; drawMs: number; pixelsMs: number };
  panCounts?: GlCounts;
  zoomCounts?: GlCounts;
}
interface Run {
  kind: Kind;
  events: number;
  figures: Figures;
}

export interface SwimlaneBenchOptions {
  sizes: number[];
  /** Largest size each baseline is run at (they take minutes, or run out of memory, beyond). */
  naivePixiMax: number;
  visTimelineMax: number;
  /** Renderers to run (all when left out). */
  kinds?: readonly string[];
  log: (line: string) => void;
}

export async function runSwimlaneBench(options: SwimlaneBenchOptions): Promise<string> {
  const { log } = options;
  log(`\nswimlane (headless Chromium, software WebGL; ${options.sizes.map(thousands).join(', ')} events):`);
  const outDir = await bundleModulePage('swimlane-bench-page', { worker: { format: 'es' } });
  const browser = await launchBenchChromium([
    ...SOFTWARE_WEBGL_ARGS,
    '--enable-precise-memory-info',
    '--js-flags=--max-old-space-size=6144',
  ]);
  const runs: Run[] = [];
  try {
    const version = browser.version();
    for (const events of options.sizes) {
      for (const kind of KINDS) {
        if (options.kinds && !options.kinds.includes(kind)) continue;
        if (kind === 'naive-pixi' && events > options.naivePixiMax) continue;
        if (kind === 'vis-timeline' && events > options.visTimelineMax) continue;
        // A fresh page per run, so one renderer's garbage does not slow the next.
        const figures = await runOnModulePage<Figures>(browser, ORIGIN, outDir, 'swimlaneBench', kind, events);
        runs.push({ kind, events, figures });
        log(
          `  ${KIND_LABELS[kind]} at ${thousands(events)}: first frame ${ms(figures.firstFrameMs)} ms, pan median ${ms(median(figures.panMs))} / p95 ${ms(percentile(figures.panMs, 0.95))} ms, zoom median ${ms(median(figures.zoomMs))} / p95 ${ms(percentile(figures.zoomMs, 0.95))} ms, heap ${figures.heapMB.toFixed(0)} MB`,
        );
        const parts = figures.firstFrameParts;
        if (parts)
          log(
            `    first frame: typed arrays ${ms(parts.inputMs)} ms, worker layout ${ms(parts.layoutMs)} ms, draw ${ms(parts.drawMs)} ms, pixels ${ms(parts.pixelsMs)} ms`,
          );
        if (figures.panJsMs && figures.zoomJsMs)
          log(
            `    JS per frame: pan median ${ms(median(figures.panJsMs))} / p95 ${ms(percentile(figures.panJsMs, 0.95))} ms, zoom median ${ms(median(figures.zoomJsMs))} / p95 ${ms(percentile(figures.zoomJsMs, 0.95))} ms; ${perFrame(figures.panCounts, figures.panMs.length)} (pan), ${perFrame(figures.zoomCounts, figures.zoomMs.length)} (zoom)`,
          );
      }
    }
    return section(runs, version);
  } finally {
    await browser.close();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Average WebGL work of a frame, as words. */
function perFrame(counts: GlCounts | undefined, frames: number): string {
  if (!counts || frames === 0) return 'no WebGL counts';
  const each = (value: number) => (value / frames).toFixed(value / frames >= 10 ? 0 : 1);
  return `${each(counts.drawCalls)} draw calls, ${each(counts.vertices)} vertices, ${each(counts.textureUploads)} texture uploads (${(counts.textureBytes / frames / 1024).toFixed(1)} KiB), ${(counts.bufferBytes / frames / 1024).toFixed(1)} KiB of buffers per frame${counts.builds === undefined ? '' : `, content built in ${counts.builds} of ${frames} frames`}`;
}

function section(runs: Run[], version: string): string {
  const ours = (events: number) => runs.find((run) => run.kind === 'swimlane' && run.events === events);
  const cell = (value: number, reference: number | undefined) =>
    reference === undefined ? `${ms(value)} ms` : `${ms(value)} ms (ours ${versus(reference, value)})`;
  const rows = runs.map((run) => {
    const mine = run.kind === 'swimlane' ? undefined : ours(run.events)?.figures;
    const f = run.figures;
    return [
      KIND_LABELS[run.kind],
      thousands(run.events),
      cell(f.firstFrameMs, mine?.firstFrameMs),
      cell(median(f.panMs), mine ? median(mine.panMs) : undefined),
      cell(percentile(f.panMs, 0.95), mine ? percentile(mine.panMs, 0.95) : undefined),
      cell(median(f.zoomMs), mine ? median(mine.zoomMs) : undefined),
      cell(percentile(f.zoomMs, 0.95), mine ? percentile(mine.zoomMs, 0.95) : undefined),
      `${f.heapMB.toFixed(0)} MB (${(f.heapMB - f.heapBeforeMB).toFixed(0)} MB more than the rows alone)`,
    ];
  });
  const work = runs
    .filter((run) => run.figures.panJsMs && run.figures.zoomJsMs)
    .map((run) => {
      const f = run.figures;
      const perFrameOf = (counts: GlCounts | undefined, frames: number) => {
        const each = (value: number) =>
          (value / Math.max(1, frames)).toFixed(value / Math.max(1, frames) >= 10 ? 0 : 1);
        return counts
          ? `${each(counts.drawCalls)} / ${thousands(counts.vertices / Math.max(1, frames))} / ${each(counts.textureUploads)} / ${((counts.bufferBytes + counts.textureBytes) / Math.max(1, frames) / 1024).toFixed(1)} KiB${counts.builds === undefined ? '' : ` / ${counts.builds} of ${frames}`}`
          : '–';
      };
      return [
        KIND_LABELS[run.kind],
        thousands(run.events),
        `${ms(median(f.panJsMs!))} / ${ms(percentile(f.panJsMs!, 0.95))} ms`,
        `${ms(median(f.zoomJsMs!))} / ${ms(percentile(f.zoomJsMs!, 0.95))} ms`,
        perFrameOf(f.panCounts, f.panMs.length),
        perFrameOf(f.zoomCounts, f.zoomMs.length),
      ];
    });
  return [
    SWIMLANE_SECTION.start,
    '## The swimlane in the browser',
    '',
    `Headless Chromium ${version} with software WebGL (ANGLE on SwiftShader). **What that means for the numbers:** every pixel of every frame is rasterised on the CPU ` +
      '(here 2 cores shared with other work), so a frame that only fills the 1000 × 600 canvas once costs about 18-20 ms here before any of our code runs, and ' +
      'the frame times below are dominated by that fill and by how busy the machine was: they say how the renderers compare with each other in one run, not what a ' +
      'laptop GPU would show (which fills such a canvas in well under a millisecond). What a GPU would not change is the second table: the main-thread JS time of a ' +
      'frame and the WebGL work it asks for. The goal is that none of it grows with the number of events.',
    '',
    '1000 × 600 px, 16 actor columns, synthetic events over a day (a third with durations up to 20 s), the same events for every renderer. ' +
      "First frame: from the event rows in memory to the frame's pixels done (for the swimlane: typed arrays, the worker layout, the draw, with the renderer and its worker already started, as they are when the picture mounts while the mirror loads; for naive Pixi: " +
      'a Graphics per event and the render; for vis-timeline: the DataSets, the Timeline and a forced layout). Pan: 40 frames moving down 2% of a quarter-day window; ' +
      'zoom: 40 frames zooming 1.6× per frame into the middle and back out (the swimlane switches from count bins to boxes once fewer than 4,000 events are in view). ' +
      'Each frame is timed until its pixels are done (a 1-pixel readback for WebGL, a forced layout for the DOM). Baselines run at the sizes they manage. ' +
      'In brackets: how the swimlane compares at the same size. Heap: JS heap after the run (performance.memory), and over the heap with only the rows.',
    '',
    table(['renderer', 'events', 'first frame', 'pan median', 'pan p95', 'zoom median', 'zoom p95', 'JS heap'], rows),
    '',
    'Per frame, what a GPU would not change: main-thread JS time (median / p95, the draw call before waiting for pixels), and the WebGL work asked for, averaged over ' +
      'the 40 frames: draw calls / vertices (indices) drawn / texture uploads / KiB uploaded to buffers and textures / (swimlane) frames whose content was built again. ' +
      'The swimlane builds its boxes or bins for the window plus a span above and below, so a pan inside that only moves them; a zoom builds again (bounded by the ' +
      'pixels and 8,000 boxes, not by the event count).',
    '',
    table(
      [
        'renderer',
        'events',
        'pan JS',
        'zoom JS',
        'pan: calls / vertices / uploads / KiB / builds',
        'zoom: calls / vertices / uploads / KiB / builds',
      ],
      work,
    ),
  ].join('\n');
}
