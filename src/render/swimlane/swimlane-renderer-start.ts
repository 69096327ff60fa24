/*
 * A swimlane renderer made as the app starts on a swimlane's address (src/app/main.tsx), on a host of its
 * own, while the page waits for its events: its WebGL context and shaders (most of the layout's round trip
 * on software WebGL) are then ready when the page asks for the layout, and the canvas is moved in.
 */
import { SwimlaneRenderer } from './swimlane-renderer.ts';

let prepared: Promise<SwimlaneRenderer> | undefined;

/** Makes the renderer now; one not taken within a minute (the analyst went elsewhere) is destroyed. */
export function prepareSwimlaneRenderer(widthPx: number, heightPx: number): void {
  const made = SwimlaneRenderer.create(document.createElement('div'), widthPx, heightPx);
  prepared = made;
  made.catch(() => undefined);
  setTimeout(() => {
    if (prepared !== made) return;
    prepared = undefined;
    void made.then((renderer) => renderer.destroy());
  }, 60_000);
}

/** The renderer made as the app started, moved into `host` and sized, once; otherwise a new one. */
export async function takeSwimlaneRenderer(
  host: HTMLElement,
  widthPx: number,
  heightPx: number,
): Promise<SwimlaneRenderer> {
  const made = prepared;
  prepared = undefined;
  const renderer = await (made?.catch(() => undefined) ?? Promise.resolve(undefined));
  if (!renderer) return SwimlaneRenderer.create(host, widthPx, heightPx);
  renderer.moveTo(host);
  renderer.resize(widthPx, heightPx);
  return renderer;
}
