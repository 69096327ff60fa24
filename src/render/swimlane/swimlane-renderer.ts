/*
 * Draws the swimlane with PixiJS 8: a column per actor, time flowing down. Few objects whatever
 * the event count: when more than BOX_LIMIT events are in view, one Sprite whose texture holds a
 * pixel per column and row (count bins from the layout's pyramid); otherwise one mesh of the boxes
 * (quad-batch.ts: HAR phases as segments, nearby events grouped when asked). Both are built for the
 * window with a span of margin above and below (swimlane-cache.ts), so a pan inside it only moves
 * them: no geometry, no texture upload. A zoom builds again, at a cost bounded by the pixels and
 * BOX_LIMIT, never by the event count. Ticks, markers and selection are one small Graphics a frame;
 * labels are pooled HTML. Frames are drawn on demand from one requestAnimationFrame; Pixi's ticker
 * never runs.
 */
// NOTE: the app's CSP forbids eval; this swaps Pixi's generated shader-sync code for precompiled functions.
import 'pixi.js/unsafe-eval';
import { Application, BufferImageSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { BOX_LIMIT, binView, boxesInView, countInView, type SwimlaneBox } from '../../../domain/swimlane/swimlane-lod.ts';
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { LabelPool } from './label-pool.ts';
import { axisTicks, type TimeWindow } from './swimlane-window.ts';
import { columnGeometry } from './column-geometry.ts';
import { PHASE_COLORS, type HarPhase } from './har-phases.ts';
import { binRamp, mixColor, parseHexColor, RAMP_STEPS, type Rgb } from './swimlane-colors.ts';
import { QuadBatch } from './quad-batch.ts';
import { cacheCovers, cachedRange, cacheOffsetPx, type CachedWindow, type SwimlaneMode } from './swimlane-cache.ts';

export interface SwimlaneTheme {
  background: string;
  grid: string;
  text: string;
  muted: string;
  marker: string;
  selection: string;
  /** Palette colours by stream colour index. */
  streams: readonly string[];
}

export interface SwimlaneMarker {
  id: number;
  startMicros: number;
  endMicros: number;
  message: string;
}

export interface SwimlaneScene {
  layout: SwimlaneLayout | undefined;
  columnCount: number;
  markers: readonly SwimlaneMarker[];
  /** The selected event, where it is drawn. */
  selected: { column: number; startMicros: number; endMicros: number } | undefined;
  grouping: boolean;
  axisVisible: boolean;
  theme: SwimlaneTheme;
  /** The phases of the event at a page position, for HAR requests. */
  phasesOf: (position: number) => ReadonlyArray<{ phase: HarPhase; ms: number }> | undefined;
  /** The window lets the label follow the one axis rule (a date once it crosses a day, and so on). */
  formatTick: (micros: number, stepMicros: number, window: TimeWindow) => string;
  /** Ticks fall on round steps from here: the incident's start on an elapsed axis, else 0. */
  tickOriginMicros?: number;
}

export type SwimlaneHit =
  | { kind: 'event'; position: number }
  | { kind: 'group'; positions: number[] }
  | { kind: 'bin'; column: number; count: number; fromMicros: number; toMicros: number }
  | { kind: 'marker'; marker: SwimlaneMarker };

export const AXIS_WIDTH_PX = 92;
const BOX_INSET_PX = 3;
const GROUP_GAP_PX = 4;
/** Spans of margin built above and below the window (bins always; boxes while few enough). */
const MARGIN_SPANS = 1;
/** Boxes built at most for a cached range (the window itself always fits BOX_LIMIT). */
const CACHED_BOX_LIMIT = 2 * BOX_LIMIT;
/** Texture rows at most (WebGL's smallest guaranteed texture size is 4096). */
const MAX_BIN_ROWS = 4096;
const PHASES = Object.keys(PHASE_COLORS) as HarPhase[];

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
  private frame = 0;
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

  private constructor(private readonly host: HTMLElement) {
    this.layer = document.createElement('div');
    this.layer.className = 'pointer-events-none absolute inset-0 overflow-hidden';
    this.axisLabels = new LabelPool(this.layer, 'absolute left-0 top-0 w-[88px] pr-1 text-right font-mono text-[10px] leading-none text-muted', 60);
    this.markerLabels = new LabelPool(this.layer, 'absolute left-0 top-0 truncate rounded-sm bg-bg/80 px-1 text-[11px] leading-tight', 40);
    this.groupLabels = new LabelPool(this.layer, 'absolute left-0 top-0 rounded-sm bg-bg/85 px-1 font-mono text-[10px] leading-tight text-fg', 200);
  }

  static async create(host: HTMLElement, widthPx: number, heightPx: number): Promise<SwimlaneRenderer> {
    const renderer = new SwimlaneRenderer(host);
    await renderer.app.init({ width: widthPx, height: heightPx, antialias: false, autoStart: false, preference: 'webgl', backgroundAlpha: 1, resolution: window.devicePixelRatio || 1, autoDensity: true });
    renderer.app.ticker.stop();
    renderer.widthPx = widthPx;
    renderer.heightPx = heightPx;
    renderer.content.addChild(renderer.bins, renderer.boxes.mesh);
    renderer.app.stage.addChild(renderer.content, renderer.grid, renderer.overlay);
    renderer.app.canvas.style.display = 'block';
    host.append(renderer.app.canvas, renderer.layer);
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
    const texture = new Texture({ source: new BufferImageSource({ resource: pixels, width: 1, height: 1, format: 'rgba8unorm', scaleMode: 'nearest', alphaMode: 'no-premultiply-alpha' }) });
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
    if (this.frame || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
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
    this.host.dataset['columnScrollPx'] = String(Math.round(Math.max(0, (scene.axisVisible ? AXIS_WIDTH_PX : 0) - this.columnGeometry().leftPx)));
  }

  /** Builds the content for the window and its margin. */
  private build(layout: SwimlaneLayout | undefined, scene: SwimlaneScene): void {
    this.builds += 1;
    const span = this.window.toMicros - this.window.fromMicros;
    let margin = MARGIN_SPANS;
    if (layout && this.mode === 'boxes') {
      // Boxes keep a margin only while the wider range stays within CACHED_BOX_LIMIT.
      while (margin > 0 && countInView(layout, this.window.fromMicros - margin * span, this.window.toMicros + margin * span) > CACHED_BOX_LIMIT) margin = margin >= 0.5 ? margin / 2 : 0;
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
    for (let c = 1; c < scene.columnCount; c += 1) g.rect(Math.round(leftPx + c * widthPx) - 0.5, 0, 1, this.heightPx).fill({ color: scene.theme.grid });
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
      const source = new BufferImageSource({ resource: this.binPixels, width: columns, height: rows, format: 'rgba8unorm', scaleMode: 'nearest', alphaMode: 'no-premultiply-alpha' });
      this.binTexture = new Texture({ source });
      this.bins.texture = this.binTexture;
    }
    let max = 1;
    for (let i = 0; i < cells; i += 1) if ((this.binCounts[i] as number) > max) max = this.binCounts[i] as number;
    const background = parseHexColor(scene.theme.background);
    const streams = scene.theme.streams.map(parseHexColor);
    // Opaque colours mixed with the background (no premultiplied-alpha traps), looked up per cell.
    const ramp = binRamp(background, streams);
    const scale = (RAMP_STEPS - 1) / Math.log1p(max);
    const pixels = this.binPixels;
    for (let c = 0; c < columns; c += 1) {
      for (let row = 0; row < rows; row += 1) {
        const count = this.binCounts[c * rows + row] as number;
        const at = (row * columns + c) * 4;
        if (count === 0) {
          pixels[at] = background[0];
          pixels[at + 1] = background[1];
          pixels[at + 2] = background[2];
        } else {
          const stream = (this.binColors[c * rows + row] as number) % Math.max(1, streams.length);
          const from = (stream * RAMP_STEPS + Math.round(Math.log1p(count) * scale)) * 3;
          pixels[at] = ramp[from] as number;
          pixels[at + 1] = ramp[from + 1] as number;
          pixels[at + 2] = ramp[from + 2] as number;
        }
        pixels[at + 3] = 255;
      }
    }
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
    const palette = quadPalette(scene.theme);
    q.setPalette(palette.colors);
    const { leftPx, widthPx } = this.columnGeometry();
    const boxes = boxesInView(layout, cache.fromMicros, cache.toMicros, cache.heightPx, { minHeightPx: 2, groupGapPx: scene.grouping ? GROUP_GAP_PX : undefined });
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
      if (phases && phases.length > 0) drawPhases(q, palette, phases, x, y, boxWidth, h, stream);
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
      const shifted = axisTicks({ fromMicros: this.window.fromMicros - origin, toMicros: this.window.toMicros - origin }, this.heightPx);
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
      this.markerLabels.place(marker.message, Math.max(leftPx, scene.axisVisible ? AXIS_WIDTH_PX : 0) + 4, Math.round(y0) + 3, { color: scene.theme.marker, maxWidthPx: Math.max(80, right - leftPx - 8) });
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
      g.rect(leftPx, Math.round(this.yOf(cursor)), right - leftPx, 1).fill({ color: scene.theme.selection, alpha: 0.9 });
    }
  }

  yOf(micros: number): number {
    return ((micros - this.window.fromMicros) / (this.window.toMicros - this.window.fromMicros)) * this.heightPx;
  }

  microsAt(yPx: number): number {
    return this.window.fromMicros + (yPx / this.heightPx) * (this.window.toMicros - this.window.fromMicros);
  }

  /** What is under a point of the canvas (CSS pixels). */
  hitTest(xPx: number, yPx: number): SwimlaneHit | undefined {
    const scene = this.scene;
    const layout = scene?.layout;
    if (!scene) return undefined;
    for (const marker of scene.markers) {
      const y0 = this.yOf(marker.startMicros);
      const y1 = Math.max(y0, this.yOf(marker.endMicros));
      if (yPx >= y0 - 3 && yPx <= y1 + 3 && (y1 - y0 < 2 || Math.abs(yPx - y0) <= 3)) return { kind: 'marker', marker };
    }
    const { leftPx, widthPx } = this.columnGeometry();
    // Under the axis nothing is hit, even where a scrolled column passes beneath it.
    if (scene.axisVisible && xPx < AXIS_WIDTH_PX) return undefined;
    const column = Math.floor((xPx - leftPx) / widthPx);
    const cache = this.cache;
    if (!layout || !cache || column < 0 || column >= layout.columnCount) return undefined;
    // The point in the cached content's pixels.
    const contentY = yPx + cacheOffsetPx(cache, this.window);
    if (this.mode === 'bins') {
      const rowPx = cache.heightPx / this.binRows;
      const row = Math.max(0, Math.min(this.binRows - 1, Math.floor(contentY / rowPx)));
      const count = this.binCounts[column * this.binRows + row] ?? 0;
      if (count === 0) return undefined;
      const rowMicros = (cache.toMicros - cache.fromMicros) / this.binRows;
      return { kind: 'bin', column, count, fromMicros: cache.fromMicros + row * rowMicros, toMicros: cache.fromMicros + (row + 1) * rowMicros };
    }
    for (let i = this.drawnBoxes.length - 1; i >= 0; i -= 1) {
      const box = this.drawnBoxes[i] as SwimlaneBox;
      if (box.column !== column || contentY < box.y0Px - 1 || contentY > Math.max(box.y0Px + 2, box.y1Px) + 1) continue;
      if (box.count === 1) return { kind: 'event', position: layout.position[box.index] as number };
      const positions: number[] = [];
      for (let k = 0, j = box.index; k < box.count; j += 1) {
        if ((layout.endMicros[j] as number) < cache.fromMicros) continue;
        positions.push(layout.position[j] as number);
        k += 1;
      }
      return { kind: 'group', positions };
    }
    return undefined;
  }

  destroy(): void {
    this.destroyed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.layer.remove();
    // NOTE: the renderer first, the textures after: its shaders hold the last textures drawn, and a
    // texture destroyed while still bound logs Pixi's "destroyed while still bound to a shader".
    this.app.destroy({ removeView: true }, { children: true });
    this.boxes.destroy();
    this.binTexture?.destroy(true);
  }
}

interface QuadPalette {
  colors: Rgb[];
  /** First index of the streams' group fills (the colour over the background at 55%). */
  groupFill: number;
  /** First index of the streams' HAR backgrounds (18%). */
  harBackground: number;
  /** First index of the HAR phase colours, in PHASES order. */
  phase: number;
  highlight: number;
}

/** The box mesh's colours: opaque, mixed with the background where the design has alpha. */
function quadPalette(theme: SwimlaneTheme): QuadPalette {
  const background = parseHexColor(theme.background);
  const streams = theme.streams.map(parseHexColor);
  const count = streams.length;
  const colors: Rgb[] = [...streams, ...streams.map((color) => mixColor(background, color, 0.55)), ...streams.map((color) => mixColor(background, color, 0.18)), ...PHASES.map((phase) => parseHexColor(PHASE_COLORS[phase])), mixColor(background, parseHexColor(theme.selection), 0.6)];
  return { colors, groupFill: count, harBackground: 2 * count, phase: 3 * count, highlight: 3 * count + PHASES.length };
}

/** A HAR request's box: the stream colour as a left edge, the phases as segments in time order. */
function drawPhases(q: QuadBatch, palette: QuadPalette, phases: ReadonlyArray<{ phase: HarPhase; ms: number }>, x: number, y: number, width: number, height: number, stream: number): void {
  const total = phases.reduce((sum, part) => sum + part.ms, 0);
  q.rect(x, y, width, height, palette.harBackground + stream);
  if (total > 0) {
    let top = y;
    for (const part of phases) {
      const h = (part.ms / total) * height;
      if (h > 0) q.rect(x + 3, top, width - 3, h, palette.phase + PHASES.indexOf(part.phase));
      top += h;
    }
  }
  q.rect(x, y, 3, height, stream);
}
