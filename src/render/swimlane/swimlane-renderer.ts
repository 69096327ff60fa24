/*
 * Draws the swimlane with PixiJS 8: a column per actor, time flowing down. Few objects whatever
 * the event count: when more than BOX_LIMIT events are in view, one Sprite whose texture holds a
 * pixel per column and row (count bins from the layout's pyramid); otherwise one Graphics of the
 * boxes in view (HAR phases as segments, nearby events grouped when asked). Markers, selection
 * and grid are one more Graphics; labels are pooled HTML. Frames are drawn on demand from one
 * requestAnimationFrame; Pixi's ticker never runs.
 */
// NOTE: the app's CSP forbids eval; this swaps Pixi's generated shader-sync code for precompiled functions.
import 'pixi.js/unsafe-eval';
import { Application, BufferImageSource, Container, Graphics, Sprite, Texture } from 'pixi.js';
import { BOX_LIMIT, binView, boxesInView, countInView, type SwimlaneBox } from '../../../domain/swimlane/swimlane-lod.ts';
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import { LabelPool } from './label-pool.ts';
import { axisTicks, type TimeWindow } from './swimlane-window.ts';
import { PHASE_COLORS, type HarPhase } from './har-phases.ts';
import { mixColor, parseHexColor } from './swimlane-colors.ts';

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
  formatTick: (micros: number, stepMicros: number) => string;
}

export type SwimlaneHit =
  | { kind: 'event'; position: number }
  | { kind: 'group'; positions: number[] }
  | { kind: 'bin'; column: number; count: number; fromMicros: number; toMicros: number }
  | { kind: 'marker'; marker: SwimlaneMarker };

export const AXIS_WIDTH_PX = 92;
const BOX_INSET_PX = 3;
const GROUP_GAP_PX = 4;

export class SwimlaneRenderer {
  private readonly app = new Application();
  private readonly layer: HTMLDivElement;
  private readonly axisLabels: LabelPool;
  private readonly markerLabels: LabelPool;
  private readonly groupLabels: LabelPool;
  private readonly bins = new Sprite();
  private readonly boxes = new Graphics();
  private readonly overlay = new Graphics();
  private binTexture: Texture | undefined;
  private binPixels = new Uint8Array(0);
  private binCounts = new Uint32Array(0);
  private binColors = new Uint8Array(0);
  private drawnBoxes: SwimlaneBox[] = [];
  private mode: 'boxes' | 'bins' = 'bins';
  private frame = 0;
  private frames = 0;
  private destroyed = false;
  private widthPx = 0;
  private heightPx = 0;
  scene: SwimlaneScene | undefined;
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
    const stage = new Container();
    stage.addChild(renderer.bins, renderer.boxes, renderer.overlay);
    renderer.app.stage.addChild(stage);
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
    this.boxes.rect(0, 0, 1, 1).fill({ color: '#000000' }).rect(0, 0, 1, 1).stroke({ width: 1, color: '#000000' });
    this.app.render();
    this.boxes.clear();
    this.bins.visible = false;
    this.binTexture = texture;
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  get drawnMode(): 'boxes' | 'bins' {
    return this.mode;
  }

  resize(widthPx: number, heightPx: number): void {
    if (widthPx === this.widthPx && heightPx === this.heightPx) return;
    this.widthPx = widthPx;
    this.heightPx = heightPx;
    this.app.renderer.resize(widthPx, heightPx);
    this.requestDraw();
  }

  setScene(scene: SwimlaneScene): void {
    this.scene = scene;
    this.requestDraw();
  }

  setWindow(window: TimeWindow): void {
    this.window = window;
    this.requestDraw();
  }

  /** The left edge of the columns and their width. */
  columnGeometry(): { leftPx: number; widthPx: number } {
    const leftPx = this.scene?.axisVisible ? AXIS_WIDTH_PX : 0;
    const count = Math.max(1, this.scene?.columnCount ?? 1);
    return { leftPx, widthPx: Math.max(16, (this.widthPx - leftPx) / count) };
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
    this.mode = inView > BOX_LIMIT ? 'bins' : 'boxes';
    this.groupLabels.begin();
    if (layout && this.mode === 'bins') this.drawBins(layout, scene);
    else this.drawBoxes(layout, scene);
    this.groupLabels.end();
    this.drawOverlay(scene);
    this.app.render();
    this.lastFrameMs = performance.now() - started;
    this.frames += 1;
    this.host.dataset['frames'] = String(this.frames);
    this.host.dataset['mode'] = this.mode;
  }

  private drawBins(layout: SwimlaneLayout, scene: SwimlaneScene): void {
    this.boxes.clear();
    this.drawnBoxes = [];
    const rows = Math.max(1, Math.round(this.heightPx));
    const columns = layout.columnCount;
    const cells = columns * rows;
    if (this.binCounts.length < cells) {
      this.binCounts = new Uint32Array(cells);
      this.binColors = new Uint8Array(cells);
    }
    binView(layout, this.window.fromMicros, this.window.toMicros, rows, this.binCounts, this.binColors);
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
    const logMax = Math.log1p(max);
    const pixels = this.binPixels;
    for (let c = 0; c < columns; c += 1) {
      for (let row = 0; row < rows; row += 1) {
        const count = this.binCounts[c * rows + row] as number;
        const at = (row * columns + c) * 4;
        // Opaque colours mixed with the background: no premultiplied-alpha traps on upload.
        const mixed = count === 0 ? background : mixColor(background, streams[(this.binColors[c * rows + row] as number) % streams.length] ?? background, 0.35 + (0.65 * Math.log1p(count)) / logMax);
        pixels[at] = mixed[0];
        pixels[at + 1] = mixed[1];
        pixels[at + 2] = mixed[2];
        pixels[at + 3] = 255;
      }
    }
    this.binTexture.source.update();
    const { leftPx, widthPx } = this.columnGeometry();
    this.bins.visible = true;
    this.bins.position.set(leftPx, 0);
    this.bins.width = widthPx * columns;
    this.bins.height = this.heightPx;
  }

  private drawBoxes(layout: SwimlaneLayout | undefined, scene: SwimlaneScene): void {
    this.bins.visible = false;
    const g = this.boxes;
    g.clear();
    if (!layout) {
      this.drawnBoxes = [];
      return;
    }
    const { leftPx, widthPx } = this.columnGeometry();
    const boxes = boxesInView(layout, this.window.fromMicros, this.window.toMicros, this.heightPx, { minHeightPx: 2, groupGapPx: scene.grouping ? GROUP_GAP_PX : undefined });
    this.drawnBoxes = boxes;
    const boxWidth = Math.max(2, widthPx - 2 * BOX_INSET_PX);
    // Plain boxes are batched per colour: one path and one fill per stream colour, not per box.
    const plain: SwimlaneBox[][] = scene.theme.streams.map(() => []);
    for (const box of boxes) {
      const x = leftPx + box.column * widthPx + BOX_INSET_PX;
      const y = box.y0Px;
      const h = Math.max(2, box.y1Px - box.y0Px);
      const colorIndex = (layout.color[box.index] as number) % scene.theme.streams.length;
      const color = scene.theme.streams[colorIndex] ?? scene.theme.text;
      if (box.count > 1) {
        g.rect(x, y, boxWidth, h).fill({ color, alpha: 0.55 }).stroke({ width: 1, color, alignment: 1 });
        if (h >= 10) this.groupLabels.place(`${box.count}`, x + 2, y + 1);
        continue;
      }
      const phases = h >= 6 ? scene.phasesOf(layout.position[box.index] as number) : undefined;
      if (phases && phases.length > 0) drawPhases(g, phases, x, y, boxWidth, h, color);
      else plain[colorIndex]?.push(box);
      if (layout.highlighted[box.index]) g.rect(x - 2, y - 1, boxWidth + 4, h + 2).stroke({ width: 2, color: scene.theme.selection, alpha: 0.6 });
    }
    plain.forEach((list, colorIndex) => {
      if (list.length === 0) return;
      for (const box of list) g.rect(leftPx + box.column * widthPx + BOX_INSET_PX, box.y0Px, boxWidth, Math.max(2, box.y1Px - box.y0Px));
      g.fill({ color: scene.theme.streams[colorIndex] ?? scene.theme.text });
    });
  }

  private drawOverlay(scene: SwimlaneScene): void {
    const g = this.overlay;
    g.clear();
    const { leftPx, widthPx } = this.columnGeometry();
    const right = leftPx + widthPx * scene.columnCount;
    // Column separators, offset by 0.5 px so 1px lines stay crisp.
    for (let c = 1; c < scene.columnCount; c += 1) g.rect(Math.round(leftPx + c * widthPx) - 0.5, 0, 1, this.heightPx).fill({ color: scene.theme.grid });
    this.axisLabels.begin();
    if (scene.axisVisible) {
      const { stepMicros, ticks } = axisTicks(this.window, this.heightPx);
      for (const tick of ticks) {
        const y = Math.round(this.yOf(tick)) + 0.5;
        g.rect(leftPx - 6, y, 6, 1).fill({ color: scene.theme.muted });
        g.rect(leftPx, y, right - leftPx, 1).fill({ color: scene.theme.grid, alpha: 0.5 });
        this.axisLabels.place(scene.formatTick(tick, stepMicros), 0, y - 5);
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
      this.markerLabels.place(marker.message, leftPx + 4, Math.round(y0) + 3, { color: scene.theme.marker, maxWidthPx: Math.max(80, right - leftPx - 8) });
    }
    this.markerLabels.end();
    const selected = scene.selected;
    if (selected && selected.endMicros >= this.window.fromMicros && selected.startMicros <= this.window.toMicros) {
      const x = leftPx + selected.column * widthPx + 1;
      const y0 = this.yOf(selected.startMicros);
      const h = Math.max(4, this.yOf(selected.endMicros) - y0);
      g.rect(x, y0 - 2, widthPx - 2, h + 4).stroke({ width: 2, color: scene.theme.selection });
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
    const column = Math.floor((xPx - leftPx) / widthPx);
    if (!layout || column < 0 || column >= layout.columnCount) return undefined;
    if (this.mode === 'bins') {
      const row = Math.max(0, Math.min(Math.round(this.heightPx) - 1, Math.floor(yPx)));
      const count = this.binCounts[column * Math.max(1, Math.round(this.heightPx)) + row] ?? 0;
      if (count === 0) return undefined;
      return { kind: 'bin', column, count, fromMicros: this.microsAt(row), toMicros: this.microsAt(row + 1) };
    }
    for (let i = this.drawnBoxes.length - 1; i >= 0; i -= 1) {
      const box = this.drawnBoxes[i] as SwimlaneBox;
      if (box.column !== column || yPx < box.y0Px - 1 || yPx > Math.max(box.y0Px + 2, box.y1Px) + 1) continue;
      if (box.count === 1) return { kind: 'event', position: layout.position[box.index] as number };
      const positions: number[] = [];
      for (let k = 0, j = box.index; k < box.count; j += 1) {
        if ((layout.endMicros[j] as number) < this.window.fromMicros) continue;
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
    this.binTexture?.destroy(true);
    this.layer.remove();
    this.app.destroy({ removeView: true }, { children: true });
  }
}

/** A HAR request's box: the stream colour as a left edge, the phases as segments in time order. */
function drawPhases(g: Graphics, phases: ReadonlyArray<{ phase: HarPhase; ms: number }>, x: number, y: number, width: number, height: number, streamColor: string): void {
  const total = phases.reduce((sum, part) => sum + part.ms, 0);
  g.rect(x, y, width, height).fill({ color: streamColor, alpha: 0.18 });
  if (total > 0) {
    let top = y;
    for (const part of phases) {
      const h = (part.ms / total) * height;
      if (h > 0) g.rect(x + 3, top, width - 3, h).fill({ color: PHASE_COLORS[part.phase] });
      top += h;
    }
  }
  g.rect(x, y, 3, height).fill({ color: streamColor });
}
