/*
 * The globe drawn cheaper where WebGL runs on the CPU (SwiftShader, llvmpipe, a GPU-less field
 * laptop): every frame there costs 1-2 s at the map's size, and a view needs tens of them while its
 * tiles load, so the page waits on the globe and the main thread with it. Without multisampling
 * (FXAA still smooths the edges) and at three quarters of the resolution, a frame took about 0.9 s
 * against 1.4-1.7 s under SwiftShader at load 12-17 (bench/RESULTS.md, s17).
 */
import type { CesiumWidget, Scene } from 'cesium';

/** Renderer names of WebGL implementations that run on the CPU. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;

/** The renderer's name as the driver reports it ('' where the browser hides it). */
function rendererName(canvas: HTMLCanvasElement): string {
  // NOTE: getContext answers the canvas's existing context (Cesium made it) for its own kind only.
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/** Whether the scene's WebGL runs on the CPU. */
function isSoftwareWebgl(scene: Scene): boolean {
  return SOFTWARE_RENDERER.test(rendererName(scene.canvas));
}

/** Where WebGL runs on the CPU, draws without multisampling at 3/4 resolution (data-software-webgl says which). */
export function drawCheaperOnSoftware(widget: CesiumWidget, element: HTMLElement): void {
  const software = isSoftwareWebgl(widget.scene);
  element.dataset['softwareWebgl'] = String(software);
  if (!software) return;
  widget.scene.msaaSamples = 1;
  widget.resolutionScale = 0.75;
}
