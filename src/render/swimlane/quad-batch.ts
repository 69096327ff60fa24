/*
 * Axis-aligned rectangles as one PixiJS mesh whose buffers are kept and refilled: a box is four
 * vertices whose UVs point at one texel of a small palette texture, so every colour is drawn by one
 * draw call with Pixi's own mesh shader. The arrays grow by doubling and are never recreated for a
 * smaller scene (the index count draws only the quads written), and moving the mesh's parent costs no upload:
 * the swimlane pans by moving it and refills the buffers only when its cached window runs out.
 */
import { BufferImageSource, MeshSimple, Texture } from 'pixi.js';
import type { Rgb } from './swimlane-colors.ts';

const INITIAL_QUADS = 1024;

export class QuadBatch {
  readonly mesh: MeshSimple;
  private positions = new Float32Array(INITIAL_QUADS * 8);
  private uvs = new Float32Array(INITIAL_QUADS * 8);
  private paletteTexture: Texture;
  /** Palettes replaced but maybe still bound to the mesh shader until the next frame is drawn. */
  private retired: Texture[] = [];
  private paletteKey = '';
  private paletteSize = 1;
  private count = 0;

  constructor() {
    this.paletteTexture = paletteTexture([[0, 0, 0]]);
    this.mesh = new MeshSimple({
      texture: this.paletteTexture,
      vertices: this.positions,
      uvs: this.uvs,
      indices: quadIndices(INITIAL_QUADS),
    });
    this.mesh.geometry.batchMode = 'no-batch';
    this.mesh.autoUpdate = false;
  }

  /** Sets the colours quads refer to by index; a new texture only when they change. */
  setPalette(colors: readonly Rgb[]): void {
    const key = colors.map((color) => color.join(',')).join(';');
    if (key === this.paletteKey) return;
    this.paletteKey = key;
    this.paletteSize = Math.max(1, colors.length);
    const previous = this.paletteTexture;
    this.paletteTexture = paletteTexture(colors);
    this.mesh.texture = this.paletteTexture;
    // NOTE: kept until the renderer is gone: Pixi's mesh shader holds the last palette it drew with
    // (until the mesh draws again, which an empty scene never does), and destroying a bound source
    // logs "a 'textureSource' was destroyed while still bound to a shader". A palette is a few texels.
    this.retired.push(previous);
  }

  begin(): void {
    this.count = 0;
  }

  get quadCount(): number {
    return this.count;
  }

  /** A rectangle filled with palette colour `color`. */
  rect(x: number, y: number, width: number, height: number, color: number): void {
    if (this.count * 8 >= this.positions.length) this.grow();
    const at = this.count * 8;
    const p = this.positions;
    p[at] = x;
    p[at + 1] = y;
    p[at + 2] = x + width;
    p[at + 3] = y;
    p[at + 4] = x + width;
    p[at + 5] = y + height;
    p[at + 6] = x;
    p[at + 7] = y + height;
    const u = (color + 0.5) / this.paletteSize;
    const uv = this.uvs;
    for (let k = 0; k < 8; k += 2) {
      uv[at + k] = u;
      uv[at + k + 1] = 0.5;
    }
    this.count += 1;
  }

  /** A rectangle's outline, `width` pixels inside its edge. */
  outline(x: number, y: number, w: number, h: number, width: number, color: number): void {
    this.rect(x, y, w, width, color);
    this.rect(x, y + h - width, w, width, color);
    this.rect(x, y + width, width, Math.max(0, h - 2 * width), color);
    this.rect(x + w - width, y + width, width, Math.max(0, h - 2 * width), color);
  }

  /** Uploads the quads written; only they are drawn (the geometry's index count). */
  end(): void {
    const geometry = this.mesh.geometry;
    geometry.indexCount = this.count * 6;
    this.mesh.visible = this.count > 0;
    if (this.count === 0) return;
    geometry.getBuffer('aPosition').update(this.count * 8 * 4);
    geometry.getBuffer('aUV').update(this.count * 8 * 4);
  }

  private grow(): void {
    const quads = (this.positions.length / 8) * 2;
    const positions = new Float32Array(quads * 8);
    positions.set(this.positions);
    const uvs = new Float32Array(quads * 8);
    uvs.set(this.uvs);
    this.positions = positions;
    this.uvs = uvs;
    const geometry = this.mesh.geometry;
    geometry.positions = positions;
    geometry.uvs = uvs;
    geometry.indices = quadIndices(quads);
  }

  /** Call after the renderer (and so its shaders) is destroyed: textures go last. */
  destroy(): void {
    if (!this.mesh.destroyed) this.mesh.destroy();
    for (const texture of this.retired) texture.destroy(true);
    this.retired = [];
    this.paletteTexture.destroy(true);
  }
}

function quadIndices(quads: number): Uint32Array {
  const indices = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q += 1) {
    const v = q * 4;
    indices.set([v, v + 1, v + 2, v, v + 2, v + 3], q * 6);
  }
  return indices;
}

function paletteTexture(colors: readonly Rgb[]): Texture {
  const pixels = new Uint8Array(Math.max(1, colors.length) * 4);
  colors.forEach((color, index) => {
    pixels.set([color[0], color[1], color[2], 255], index * 4);
  });
  return new Texture({
    source: new BufferImageSource({
      resource: pixels,
      width: Math.max(1, colors.length),
      height: 1,
      format: 'rgba8unorm',
      scaleMode: 'nearest',
      alphaMode: 'no-premultiply-alpha',
    }),
  });
}
