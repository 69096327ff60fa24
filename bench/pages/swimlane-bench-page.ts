/*
 * The swimlane benchmark's page (bundled by bench/swimlane-bench.ts, run in headless Chromium with
 * software WebGL): the same synthetic events drawn by the swimlane (worker layout, LOD), by a naive
 * Pixi scene (a Graphics per event, panned and zoomed by moving the stage) and by vis-timeline (a
 * DOM timeline). Each frame is timed until its pixels are done (a 1-pixel readback for WebGL,
 * a forced layout for the DOM). Puts `swimlaneBench` on the window.
 */
import { Application, Container, Graphics, type WebGLRenderer } from 'pixi.js';
import { DataSet, Timeline } from 'vis-timeline/standalone';
import visCss from 'vis-timeline/styles/vis-timeline-graph2d.min.css?inline';
import { CHART_PALETTE } from '../../domain/color/palette.ts';
import { swimlaneInput, type SwimlaneEvent } from '../../src/render/swimlane/swimlane-input.ts';
import { createSwimlaneLayoutClient } from '../../src/render/swimlane/swimlane-layout-client.ts';
import { SwimlaneRenderer, type SwimlaneScene } from '../../src/render/swimlane/swimlane-renderer.ts';
import { panWindow, zoomWindow, type TimeWindow } from '../../src/render/swimlane/swimlane-window.ts';
import { syntheticSwimlaneEvents } from './swimlane-bench-data.ts';
import { countGlCalls, emptyCounts, type GlCounts } from '../../src/render/swimlane/gl-counter.ts';

const WIDTH = 1000;
const HEIGHT = 600;
const COLUMNS = 16;
const FRAMES = 40;

export interface FrameFigures {
  firstFrameMs: number;
  panMs: number[];
  zoomMs: number[];
  heapMB: number;
  /** Main-thread JS time of each pan and zoom frame, before waiting for the pixels. */
  panJsMs?: number[];
  zoomJsMs?: number[];
  /** What the pan and zoom frames asked of WebGL, in all (divide by the frame count). */
  panCounts?: GlCounts;
  zoomCounts?: GlCounts;
}

function heapMB(): number {
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return memory ? memory.usedJSHeapSize / 2 ** 20 : Number.NaN;
}

interface MovedFrames {
  frameMs: number[];
  jsMs: number[];
  counts: GlCounts;
}

/** The figures of a run from its first frame, its pans and its zooms, with the heap as it is now. */
function panZoomFigures(firstFrameMs: number, pan: MovedFrames, zoom: MovedFrames): FrameFigures {
  return {
    firstFrameMs,
    panMs: pan.frameMs,
    zoomMs: zoom.frameMs,
    panJsMs: pan.jsMs,
    zoomJsMs: zoom.jsMs,
    panCounts: pan.counts,
    zoomCounts: zoom.counts,
    heapMB: heapMB(),
  };
}

function host(): HTMLDivElement {
  document.body.replaceChildren();
  const div = document.createElement('div');
  div.style.cssText = `position:relative;width:${WIDTH}px;height:${HEIGHT}px`;
  document.body.append(div);
  return div;
}

/** Waits for the GPU to finish what was queued: reading one pixel back cannot run before it. */
function finish(renderer: WebGLRenderer): void {
  const gl = renderer.gl;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Pans down in 2% steps, then zooms in 1.15× per frame toward the middle and back out. */
function moves(bounds: TimeWindow): { pans: TimeWindow[]; zooms: TimeWindow[] } {
  const pans: TimeWindow[] = [];
  let window = zoomWindow(bounds, 4, 0.5, bounds);
  for (let i = 0; i < FRAMES; i += 1) pans.push((window = panWindow(window, 0.02, bounds)));
  const zooms: TimeWindow[] = [];
  window = bounds;
  for (let i = 0; i < FRAMES; i += 1)
    zooms.push((window = zoomWindow(window, i < FRAMES / 2 ? 1.6 : 1 / 1.6, 0.5, bounds)));
  return { pans, zooms };
}

async function swimlane(
  data: readonly SwimlaneEvent[],
): Promise<FrameFigures & { boxFrames: number; firstFrameParts: Record<string, number> }> {
  const div = host();
  const renderer = await SwimlaneRenderer.create(div, WIDTH, HEIGHT);
  const client = createSwimlaneLayoutClient();
  const palette = CHART_PALETTE.map((color) => color.light);
  const gl = (renderer as unknown as { app: { renderer: WebGLRenderer } }).app.renderer;
  // As in the app, the worker starts when the picture mounts, while the events are still loading.
  await client.build({
    startMicros: new Float64Array(0),
    endMicros: new Float64Array(0),
    column: new Int32Array(0),
    color: new Uint8Array(0),
    highlighted: new Uint8Array(0),
    position: new Uint32Array(0),
    columnCount: COLUMNS,
  });
  // Data loaded: the rows are in memory. First frame: typed arrays, worker layout, draw, pixels done.
  const started = performance.now();
  const all = new Uint32Array(data.length);
  for (let i = 0; i < all.length; i += 1) all[i] = i;
  const columnOfActor = new Map(Array.from({ length: COLUMNS }, (_, index) => [index + 1, index]));
  const colorOfStream = new Map(Array.from({ length: 8 }, (_, index) => [index, index]));
  const { input } = swimlaneInput(data, all, new Uint8Array(data.length), columnOfActor, colorOfStream);
  const inputMs = performance.now() - started;
  const layout = await client.build(input);
  const layoutMs = performance.now() - started - inputMs;
  const scene: SwimlaneScene = {
    layout,
    columnCount: COLUMNS,
    markers: [],
    selected: undefined,
    grouping: false,
    axisVisible: true,
    theme: {
      background: '#ffffff',
      grid: '#d3d8de',
      text: '#1f2328',
      muted: '#59616d',
      marker: '#b42318',
      selection: '#3d7bea',
      streams: palette,
    },
    phasesOf: () => undefined,
    formatTick: (micros) => String(Math.round(micros / 1e6)),
  };
  renderer.scene = scene;
  const bounds = { fromMicros: layout.fromMicros, toMicros: layout.toMicros };
  renderer.window = bounds;
  const drawMs = timed(() => renderer.draw());
  finish(gl);
  const firstFrameMs = performance.now() - started;
  const firstFrameParts = { inputMs, layoutMs, drawMs, pixelsMs: firstFrameMs - inputMs - layoutMs - drawMs };
  const { pans, zooms } = moves(bounds);
  let boxFrames = 0;
  const counts = emptyCounts();
  countGlCalls(gl.gl, counts);
  const frames = (windows: TimeWindow[]) => {
    Object.assign(counts, emptyCounts());
    const buildsBefore = renderer.buildCount;
    const jsMs: number[] = [];
    const frameMs = windows.map((window) =>
      timed(() => {
        renderer.window = window;
        jsMs.push(timed(() => renderer.draw()));
        finish(gl);
        if (renderer.drawnMode === 'boxes') boxFrames += 1;
      }),
    );
    return { frameMs, jsMs, counts: { ...counts, builds: renderer.buildCount - buildsBefore } };
  };
  const figures = panZoomFigures(firstFrameMs, frames(pans), frames(zooms));
  renderer.destroy();
  client.dispose();
  return { ...figures, boxFrames, firstFrameParts };
}

/** The naive way: a Graphics per event, moved and scaled as one stage. */
async function naivePixi(data: readonly SwimlaneEvent[]): Promise<FrameFigures> {
  const div = host();
  const app = new Application();
  await app.init({ width: WIDTH, height: HEIGHT, autoStart: false, preference: 'webgl', background: '#ffffff' });
  app.ticker.stop();
  div.append(app.canvas);
  const gl = app.renderer as WebGLRenderer;
  const started = performance.now();
  const stage = new Container();
  const from = data[0]?.startTimestamp ?? 0;
  const span = Math.max(1, (data[data.length - 1]?.startTimestamp ?? 1) - from);
  const columnWidth = (WIDTH - 92) / COLUMNS;
  for (const event of data) {
    const y = ((event.startTimestamp - from) / span) * HEIGHT;
    const h = Math.max(2, ((event.endTimestamp - event.startTimestamp) / span) * HEIGHT);
    const g = new Graphics()
      .rect(92 + (event.actorID - 1) * columnWidth + 3, y, columnWidth - 6, h)
      .fill({ color: CHART_PALETTE[event.streamID % 8]?.light ?? '#000' });
    stage.addChild(g);
  }
  app.stage.addChild(stage);
  app.render();
  finish(gl);
  const firstFrameMs = performance.now() - started;
  const bounds = { fromMicros: from, toMicros: from + span };
  const { pans, zooms } = moves(bounds);
  const counts = emptyCounts();
  countGlCalls(gl.gl, counts);
  const frames = (windows: TimeWindow[]) => {
    Object.assign(counts, emptyCounts());
    const jsMs: number[] = [];
    const frameMs = windows.map((window) =>
      timed(() => {
        jsMs.push(
          timed(() => {
            const scale = span / (window.toMicros - window.fromMicros);
            stage.scale.set(1, scale);
            stage.position.set(0, -((window.fromMicros - from) / span) * HEIGHT * scale);
            app.render();
          }),
        );
        finish(gl);
      }),
    );
    return { frameMs, jsMs, counts: { ...counts } };
  };
  const figures = panZoomFigures(firstFrameMs, frames(pans), frames(zooms));
  app.destroy({ removeView: true }, { children: true });
  return figures;
}

/** vis-timeline: a group per column, an item per event (ranges for events with a duration). */
function visTimeline(data: readonly SwimlaneEvent[]): FrameFigures {
  const div = host();
  const style = document.createElement('style');
  style.textContent = visCss;
  document.head.append(style);
  const started = performance.now();
  const groups = new DataSet(
    Array.from({ length: COLUMNS }, (_, index) => ({ id: index + 1, content: `actor ${index + 1}` })),
  );
  const items = new DataSet(
    data.map((event) => {
      const start = new Date(event.startTimestamp / 1000);
      const end = event.endTimestamp > event.startTimestamp ? new Date(event.endTimestamp / 1000) : undefined;
      return {
        id: event.id,
        group: event.actorID,
        start,
        ...(end ? { end, type: 'range' } : { type: 'point' }),
        content: '',
      };
    }),
  );
  const from = (data[0]?.startTimestamp ?? 0) / 1000;
  const to = (data[data.length - 1]?.startTimestamp ?? 0) / 1000;
  const timeline = new Timeline(div, items, groups, {
    start: from,
    end: to,
    height: `${HEIGHT}px`,
    stack: false,
    orientation: 'top',
  });
  void document.body.offsetHeight;
  const firstFrameMs = performance.now() - started;
  const bounds = { fromMicros: from * 1000, toMicros: to * 1000 };
  const { pans, zooms } = moves(bounds);
  const frame = (window: TimeWindow) =>
    timed(() => {
      timeline.setWindow(window.fromMicros / 1000, window.toMicros / 1000, { animation: false });
      timeline.redraw();
      void document.body.offsetHeight;
    });
  const panMs = pans.map(frame);
  const zoomMs = zooms.map(frame);
  const heap = heapMB();
  timeline.destroy();
  style.remove();
  return { firstFrameMs, panMs, zoomMs, heapMB: heap };
}

const api = {
  async run(kind: 'swimlane' | 'naive-pixi' | 'vis-timeline', count: number) {
    const data = syntheticSwimlaneEvents(count, COLUMNS);
    const before = heapMB();
    const figures =
      kind === 'swimlane' ? await swimlane(data) : kind === 'naive-pixi' ? await naivePixi(data) : visTimeline(data);
    return { ...figures, heapBeforeMB: before };
  },
};

(globalThis as unknown as { swimlaneBench: typeof api }).swimlaneBench = api;
