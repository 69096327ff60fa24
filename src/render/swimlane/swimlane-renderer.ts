/*
 * Draws the swimlane with PixiJS 8: a column per actor, time flowing down. Few objects whatever
 * the event count: when more than BOX_LIMIT events are in view, one Sprite whose texture holds a
 * pixel per column and row (count bins from the layout's pyramid); otherwise one mesh of the boxes
 * (quad-batch.ts: HAR phases as segments, nearby events grouped when asked). Both are built for the
 * window with a span of margin above and below (swimlane-cache.ts), so a pan inside it only moves
 * them: no geometry, no texture upload. A zoom builds again, at a cost bounded by the pixels and
 * BOX_LIMIT, never by the event count. Ticks, markers and selection are one small Graphics a frame;
 * labels are pooled HTML. Frames are drawn on demand from the app's frame scheduler; Pixi's ticker
 * never runs. Only drawing lives here: hit-testing, the bin texture's colours, the box palette and
 * pan/zoom are pure modules beside it (swimlane-hit-test, -bin-texture, -box-palette, -navigation).
 * Long because: draw() is one frame over the Pixi objects this class owns; what is pure is already beside it.
 */
// NOTE: the app's CSP forbids eval; this swaps Pixi's generated shader-sync code for precompiled functions.
import 'pixi.js/unsafe-eval';
import { Application, BufferImageSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import {
  BOX_LIMIT,
  binView,
  boxesInView,
  countInView,
  type SwimlaneBox,
} from '../../../domain/swimlane/swimlane-lod.ts';
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { frameScheduler, type CancelFrame } from '../frame-scheduler.ts';
import { LabelPool } from './label-pool.ts';
import { axisTicks, type TimeWindow } from './swimlane-window.ts';
import { columnGeometry } from './column-geometry.ts';
import { QuadBatch } from './quad-batch.ts';
import { cacheCovers, cachedRange, cacheOffsetPx, type CachedWindow, type SwimlaneMode } from './swimlane-cache.ts';
import { fillBinPixels } from './swimlane-bin-texture.ts';
import { boxPalette, drawHarBox } from './swimlane-box-palette.ts';
import { hitTestSwimlane, yOfMicros } from './swimlane-hit-test.ts';
import { AXIS_WIDTH_PX, type SwimlaneHit, type SwimlaneScene } from './swimlane-scene.ts';

// The bench page (bench/pages) builds its scene against the renderer's own module.
export type { SwimlaneScene } from './swimlane-scene.ts';

const BOX_INSET_PX = 3;

/**
 * A renderer made ahead (prewarmSwimlaneRenderer), taken by the next create(): its context and shaders
 * cost 250-450 ms of the main thread on software WebGL, which a swimlane's address can spend while its
 * events are still being read instead of after.
 */
let spare: Promise<SwimlaneRenderer | undefined> | undefined;

/** Makes the next swimlane's renderer now, off screen; at most one waits. */
export function prewarmSwimlaneRenderer(): void {
  if (spare) return;
  performance.mark('churchkey: swimlane renderer prewarm');
  spare = SwimlaneRenderer.make(1, 1).catch(() => undefined);
}
const GROUP_GAP_PX = 4;
/** Spans of margin built above and below the window (bins always; boxes while few enough). */
const MARGIN_SPANS = 1;
/** Boxes built at most for a cached range (the window itself always fits BOX_LIMIT). */
const CACHED_BOX_LIMIT = 2 * BOX_LIMIT;
/** Texture rows at most (WebGL's smallest guaranteed texture size is 4096). */
const MAX_BIN_ROWS = 4096;

export class SwimlaneRenderer {
  private readonly app = new Application();
  private readonly layer: HTMLDivElement;
  private readonly axisLabels: LabelPool;
  private readonly markerLabels: LabelPool;
  private readonly groupLabels: LabelPool;
  /** What is built for the cached range; moved as the window pans. */
  private readonly content = new Container();
  private readonly bins = new Sprite();
  private readonly boxes = new QuadBatch();
  /** Column separators: built with the content, never moved. */
  private readonly grid = new Graphics();
  private readonly overlay = new Graphics();
  private binTexture: Texture | undefined;
  private binPixels = new Uint8Array(0);
  private binCounts = new Uint32Array(0);
  private binColors = new Uint8Array(0);
  private binRows = 1;
  private drawnBoxes: SwimlaneBox[] = [];
  /** The grouped boxes labelled with their count (content pixels). */
  private groupBoxes: SwimlaneBox[] = [];
  private cache: CachedWindow | undefined;
  private mode: SwimlaneMode = 'bins';
  private cancelFrame: CancelFrame | undefined;
  private frames = 0;
  private builds = 0;
  private destroyed = false;
  private widthPx = 0;
  private heightPx = 0;
  /** How far the columns are scrolled sideways (the axis stays). */
  private columnScrollPx = 0;
  scene: SwimlaneScene | undefined;
  /** The shared time cursor set by another picture, drawn as a line across the columns. */
  private cursorMicros: number | undefined;
  window: TimeWindow = { fromMicros: 0, toMicros: 1 };
  /** Milliseconds the last frame took on the main thread (the GPU work is queued, not waited for). */
  lastFrameMs = 0;

  /** Where the canvas is shown, and the data-* a test reads; a detached element until create() places it. */
  private host: HTMLElement = document.createElement('div');

  private constructor() {
    this.layer = document.createElement('div');
    this.layer.className = 'pointer-events-none absolute inset-0 overflow-hidden';
    this.axisLabels = new LabelPool(
      this.layer,
      'absolute left-0 top-0 w-[88px] pr-1 text-right font-mono text-[10px] leading-none text-muted',
      60,
    );
    this.markerLabels = new LabelPool(
      this.layer,
      'absolute left-0 top-0 truncate rounded-sm bg-bg/80 px-1 text-[11px] leading-tight',
      40,
    );
    this.groupLabels = new LabelPool(
      this.layer,
      'absolute left-0 top-0 rounded-sm bg-bg/85 px-1 font-mono text-[10px] leading-tight text-fg',
      200,
    );
  }

  static async create(host: HTMLElement, widthPx: number, heightPx: number): Promise<SwimlaneRenderer> {
    const made = spare;
    spare = undefined;
    const renderer = (made && (await made)) ?? (await SwimlaneRenderer.make(widthPx, heightPx));
    renderer.host = host;
    if (renderer.widthPx !== widthPx || renderer.heightPx !== heightPx) {
      renderer.widthPx = widthPx;
      renderer.heightPx = heightPx;
      renderer.app.renderer.resize(widthPx, heightPx);
    }
    host.append(renderer.app.canvas, renderer.layer);
    return renderer;
  }

  /** A renderer with its shaders compiled, not yet on the page. */
  static async make(widthPx: number, heightPx: number): Promise<SwimlaneRenderer> {
    const renderer = new SwimlaneRenderer();
    await renderer.app.init({
      width: widthPx,
      height: heightPx,
      antialias: false,
      autoStart: false,
      preference: 'webgl',
      backgroundAlpha: 1,
      resolution: window.devicePixelRatio || 1,
      autoDensity: true,
    });
    renderer.app.ticker.stop();
    renderer.widthPx = widthPx;
    renderer.heightPx = heightPx;
    renderer.content.addChild(renderer.bins, renderer.boxes.mesh);
    renderer.app.stage.addChild(renderer.content, renderer.grid, renderer.overlay);
    renderer.app.canvas.style.display = 'block';
    renderer.warmUp();
    return renderer;
  }

  /**
   * Draws one throwaway frame with every kind of object, so shaders compile while the page is
   * still loading the events rather than in the first frame that shows them (on software WebGL
   * that compile takes most of a second).
   */
  private warmUp(): void {
    const pixels = new Uint8Array([0, 0, 0, 255]);
    const texture = new Texture({
      source: new BufferImageSource({
        resource: pixels,
        width: 1,
        height: 1,
        format: 'rgba8unorm',
        scaleMode: 'nearest',
        alphaMode: 'no-premultiply-alpha',
      }),
    });
    this.bins.texture = texture;
    this.boxes.begin();
    this.boxes.rect(0, 0, 1, 1, 0);
    this.boxes.end();
    this.overlay.rect(0, 0, 1, 1).fill({ color: '#000000' }).rect(0, 0, 1, 1).stroke({ width: 1, color: '#000000' });
    this.app.render();
    this.boxes.begin();
    this.boxes.end();
    this.overlay.clear();
    this.bins.visible = false;
    this.binTexture = texture;
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  get drawnMode(): SwimlaneMode {
    return this.mode;
  }

  /**
   * Draws now and hands over the canvas and its labels' layer, read in the same task by
   * swimlane-frame-capture.ts: WebGL keeps no drawing buffer past the task that drew it.
   */
  drawForCapture(): { canvas: HTMLCanvasElement; labels: HTMLElement } {
    this.draw();
    return { canvas: this.app.canvas, labels: this.layer };
  }

  /** How many times the content was built (a pan inside the cached range builds nothing). */
  get buildCount(): number {
    return this.builds;
  }

  resize(widthPx: number, heightPx: number): void {
    if (widthPx === this.widthPx && heightPx === this.heightPx) return;
    this.widthPx = widthPx;
    this.heightPx = heightPx;
    this.app.renderer.resize(widthPx, heightPx);
    this.cache = undefined;
    this.requestDraw();
  }

  setScene(scene: SwimlaneScene): void {
    this.scene = scene;
    this.cache = undefined;
    this.requestDraw();
  }

  setWindow(window: TimeWindow): void {
    this.window = window;
    this.requestDraw();
  }

  setCursor(micros: number | undefined): void {
    if (micros === this.cursorMicros) return;
    this.cursorMicros = micros;
    this.requestDraw();
  }

  /** Scrolls the columns sideways; the content is built scrolled, so a new scroll rebuilds it. */
  setColumnScroll(scrollPx: number): void {
    if (scrollPx === this.columnScrollPx) return;
    this.columnScrollPx = scrollPx;
    this.cache = undefined;
    this.requestDraw();
  }

  /** The left edge of the columns (scrolled) and their width. */
  columnGeometry(): { leftPx: number; widthPx: number } {
    const axisPx = this.scene?.axisVisible ? AXIS_WIDTH_PX : 0;
    return columnGeometry(this.widthPx, axisPx, this.scene?.columnCount ?? 1, this.columnScrollPx);
  }

  requestDraw(): void {
    if (this.cancelFrame || this.destroyed) return;
    // Drawn, not idle, until that frame: tests and screenshots wait for data-swimlane-idle.
    this.host.dataset['swimlaneIdle'] = 'false';
    this.cancelFrame = frameScheduler.request(() => {
      this.cancelFrame = undefined;
      this.draw();
    });
  }

  /** Draws now (tests and benchmarks call it to time one frame). */
  draw(): void {
    if (this.destroyed || !this.scene) return;
    const started = performance.now();
    const { scene, window } = this;
    const { layout, theme } = scene;
    this.app.renderer.background.color = theme.background;
    const inView = layout ? countInView(layout, window.fromMicros, window.toMicros) : 0;
    this.mode = layout && inView > BOX_LIMIT ? 'bins' : 'boxes';
    if (!cacheCovers(this.cache, window, this.mode)) this.build(layout, scene);
    const offsetPx = this.cache ? cacheOffsetPx(this.cache, window) : 0;
    this.content.position.set(0, -offsetPx);
    this.placeGroupLabels(offsetPx);
    this.drawOverlay(scene);
    this.app.render();
    this.lastFrameMs = performance.now() - started;
    this.frames += 1;
    this.host.dataset['frames'] = String(this.frames);
    this.host.dataset['mode'] = this.mode;
    // What is on screen, for tests and assistive tools: the window drawn and the columns' scroll.
    this.host.dataset['windowFromMicros'] = String(Math.round(window.fromMicros));
    this.host.dataset['windowToMicros'] = String(Math.round(window.toMicros));
    this.host.dataset['columnScrollPx'] = String(
      Math.round(Math.max(0, (scene.axisVisible ? AXIS_WIDTH_PX : 0) - this.columnGeometry().leftPx)),
    );
    this.host.dataset['swimlaneIdle'] = String(this.cancelFrame === undefined);
  }

  /** Builds the content for the window and its margin. */
  private build(layout: SwimlaneLayout | undefined, scene: SwimlaneScene): void {
    this.builds += 1;
    const span = this.window.toMicros - this.window.fromMicros;
    let margin = MARGIN_SPANS;
    if (layout && this.mode === 'boxes') {
      // Boxes keep a margin only while the wider range stays within CACHED_BOX_LIMIT.
      while (
        margin > 0 &&
        countInView(layout, this.window.fromMicros - margin * span, this.window.toMicros + margin * span) >
          CACHED_BOX_LIMIT
      )
        margin = margin >= 0.5 ? margin / 2 : 0;
    }
    const range = cachedRange(this.window, margin);
    this.cache = { ...range, mode: this.mode, spanMicros: span, heightPx: this.heightPx * (1 + 2 * margin) };
    this.drawGrid(scene);
    if (layout && this.mode === 'bins') this.buildBins(layout, scene, this.cache);
    else this.buildBoxes(layout, scene, this.cache);
  }

  private drawGrid(scene: SwimlaneScene): void {
    const g = this.grid;
    g.clear();
    const { leftPx, widthPx } = this.columnGeometry();
    // Column separators, offset by 0.5 px so 1px lines stay crisp.
    for (let c = 1; c < scene.columnCount; c += 1)
      g.rect(Math.round(leftPx + c * widthPx) - 0.5, 0, 1, this.heightPx).fill({ color: scene.theme.grid });
  }

  private buildBins(layout: SwimlaneLayout, scene: SwimlaneScene, cache: CachedWindow): void {
    this.boxes.begin();
    this.boxes.end();
    this.drawnBoxes = [];
    this.groupBoxes = [];
    const rows = Math.max(1, Math.min(MAX_BIN_ROWS, Math.round(cache.heightPx)));
    this.binRows = rows;
    const columns = layout.columnCount;
    const cells = columns * rows;
    if (this.binCounts.length < cells) {
      this.binCounts = new Uint32Array(cells);
      this.binColors = new Uint8Array(cells);
    }
    binView(layout, cache.fromMicros, cache.toMicros, rows, this.binCounts, this.binColors);
    if (!this.binTexture || this.binTexture.source.width !== columns || this.binTexture.source.height !== rows) {
      this.binTexture?.destroy(true);
      this.binPixels = new Uint8Array(cells * 4);
      const source = new BufferImageSource({
        resource: this.binPixels,
        width: columns,
        height: rows,
        format: 'rgba8unorm',
        scaleMode: 'nearest',
        alphaMode: 'no-premultiply-alpha',
      });
      this.binTexture = new Texture({ source });
      this.bins.texture = this.binTexture;
    }
    fillBinPixels(
      this.binPixels,
      { counts: this.binCounts, colors: this.binColors, columns, rows },
      scene.theme.background,
      scene.theme.streams,
    );
    this.binTexture.source.update();
    const { leftPx, widthPx } = this.columnGeometry();
    this.bins.visible = true;
    this.bins.position.set(leftPx, 0);
    this.bins.width = widthPx * columns;
    this.bins.height = cache.heightPx;
  }

  private buildBoxes(layout: SwimlaneLayout | undefined, scene: SwimlaneScene, cache: CachedWindow): void {
    this.bins.visible = false;
    const q = this.boxes;
    q.begin();
    this.drawnBoxes = [];
    this.groupBoxes = [];
    if (!layout) {
      q.end();
      return;
    }
    const streamCount = Math.max(1, scene.theme.streams.length);
    const palette = boxPalette(scene.theme);
    q.setPalette(palette.colors);
    const { leftPx, widthPx } = this.columnGeometry();
    const boxes = boxesInView(layout, cache.fromMicros, cache.toMicros, cache.heightPx, {
      minHeightPx: 2,
      groupGapPx: scene.grouping ? GROUP_GAP_PX : undefined,
    });
    this.drawnBoxes = boxes;
    const boxWidth = Math.max(2, widthPx - 2 * BOX_INSET_PX);
    for (const box of boxes) {
      const x = leftPx + box.column * widthPx + BOX_INSET_PX;
      const y = box.y0Px;
      const h = Math.max(2, box.y1Px - box.y0Px);
      const stream = (layout.color[box.index] as number) % streamCount;
      if (box.count > 1) {
        q.rect(x, y, boxWidth, h, palette.groupFill + stream);
        q.outline(x, y, boxWidth, h, 1, stream);
        if (h >= 10) this.groupBoxes.push(box);
        continue;
      }
      const phases = h >= 6 ? scene.phasesOf(layout.position[box.index] as number) : undefined;
      if (phases && phases.length > 0) drawHarBox(q, palette, phases, { x, y, width: boxWidth, height: h }, stream);
      else q.rect(x, y, boxWidth, h, stream);
      if (layout.highlighted[box.index]) q.outline(x - 2, y - 1, boxWidth + 4, h + 2, 2, palette.highlight);
    }
    q.end();
  }

  /** Count labels on grouped boxes in view (at most the pool's size). */
  private placeGroupLabels(offsetPx: number): void {
    this.groupLabels.begin();
    for (const box of this.groupBoxes) {
      const y = box.y0Px - offsetPx;
      if (y + 10 < 0 || y > this.heightPx) continue;
      const { leftPx, widthPx } = this.columnGeometry();
      if (!this.groupLabels.place(`${box.count}`, leftPx + box.column * widthPx + BOX_INSET_PX + 2, y + 1)) break;
    }
    this.groupLabels.end();
  }

  private drawOverlay(scene: SwimlaneScene): void {
    const g = this.overlay;
    g.clear();
    const { leftPx, widthPx } = this.columnGeometry();
    const right = leftPx + widthPx * scene.columnCount;
    this.axisLabels.begin();
    if (scene.axisVisible) {
      // Columns scrolled sideways pass under the axis: cover them so its labels stay readable.
      if (leftPx < AXIS_WIDTH_PX) g.rect(0, 0, AXIS_WIDTH_PX, this.heightPx).fill({ color: scene.theme.background });
      const origin = scene.tickOriginMicros ?? 0;
      const shifted = axisTicks(
        { fromMicros: this.window.fromMicros - origin, toMicros: this.window.toMicros - origin },
        this.heightPx,
      );
      const stepMicros = shifted.stepMicros;
      const ticks = shifted.ticks.map((tick) => tick + origin);
      for (const tick of ticks) {
        const y = Math.round(this.yOf(tick)) + 0.5;
        g.rect(leftPx - 6, y, 6, 1).fill({ color: scene.theme.muted });
        g.rect(leftPx, y, right - leftPx, 1).fill({ color: scene.theme.grid, alpha: 0.5 });
        this.axisLabels.place(scene.formatTick(tick, stepMicros, this.window), 0, y - 5);
      }
    }
    this.axisLabels.end();
    this.markerLabels.begin();
    for (const marker of scene.markers) {
      if (marker.endMicros < this.window.fromMicros || marker.startMicros > this.window.toMicros) continue;
      const y0 = this.yOf(marker.startMicros);
      const y1 = this.yOf(marker.endMicros);
      if (y1 - y0 >= 2) g.rect(leftPx, y0, right - leftPx, y1 - y0).fill({ color: scene.theme.marker, alpha: 0.12 });
      g.rect(leftPx, Math.round(y0) - 1, right - leftPx, 2).fill({ color: scene.theme.marker });
      this.markerLabels.place(
        marker.message,
        Math.max(leftPx, scene.axisVisible ? AXIS_WIDTH_PX : 0) + 4,
        Math.round(y0) + 3,
        { color: scene.theme.marker, maxWidthPx: Math.max(80, right - leftPx - 8) },
      );
    }
    this.markerLabels.end();
    const selected = scene.selected;
    if (selected && selected.endMicros >= this.window.fromMicros && selected.startMicros <= this.window.toMicros) {
      const x = leftPx + selected.column * widthPx + 1;
      const y0 = this.yOf(selected.startMicros);
      const h = Math.max(4, this.yOf(selected.endMicros) - y0);
      g.rect(x, y0 - 2, widthPx - 2, h + 4).stroke({ width: 2, color: scene.theme.selection });
    }
    const cursor = this.cursorMicros;
    if (cursor !== undefined && cursor >= this.window.fromMicros && cursor <= this.window.toMicros) {
      g.rect(leftPx, Math.round(this.yOf(cursor)), right - leftPx, 1).fill({
        color: scene.theme.selection,
        alpha: 0.9,
      });
    }
  }

  yOf(micros: number): number {
    return yOfMicros(this.window, this.heightPx, micros);
  }

  microsAt(yPx: number): number {
    return this.window.fromMicros + (yPx / this.heightPx) * (this.window.toMicros - this.window.fromMicros);
  }

  /** What is under a point of the canvas (CSS pixels), as the last frame drew it. */
  hitTest(xPx: number, yPx: number): SwimlaneHit | undefined {
    if (!this.scene) return undefined;
    const { scene, window, heightPx, cache, mode, binCounts, binRows } = this;
    return hitTestSwimlane(
      {
        scene,
        window,
        heightPx,
        columns: this.columnGeometry(),
        cache,
        mode,
        binCounts,
        binRows,
        boxes: this.drawnBoxes,
      },
      xPx,
      yPx,
    );
  }

  destroy(): void {
    this.destroyed = true;
    this.cancelFrame?.();
    this.layer.remove();
    // NOTE: the renderer first, the textures after: its shaders hold the last textures drawn, and a
    // texture destroyed while still bound logs Pixi's "destroyed while still bound to a shader".
    this.app.destroy({ removeView: true }, { children: true });
    this.boxes.destroy();
    this.binTexture?.destroy(true);
  }
}
