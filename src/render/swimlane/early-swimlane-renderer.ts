/*
 * A swimlane renderer made as the app starts on a swimlane address (src/app/main.tsx): Pixi's WebGL
 * context and its shaders (most of a second on software WebGL) are made while the events come out of
 * IndexedDB and the page mounts, not after. The swimlane canvas takes it when it mounts.
 */
import { SwimlaneRenderer } from './swimlane-renderer.ts';

let early: Promise<SwimlaneRenderer | undefined> | undefined;

/**
 * Starts making a renderer in a detached host; dropped after a while if no swimlane takes it. At 1 × 1:
 * its drawing buffer is made once, at the swimlane's own size, when the page takes it.
 */
export function prepareSwimlaneRenderer(): void {
  const started = performance.now();
  const made = SwimlaneRenderer.create(document.createElement('div'), 1, 1).then(
    (renderer) => {
      // Seen in a trace (and by bench/swimlane-app-bench.ts): when the shaders were ready.
      performance.measure('churchkey: swimlane renderer made early', { start: started });
      return renderer;
    },
    () => undefined,
  );
  early = made;
  setTimeout(() => {
    if (early !== made) return;
    early = undefined;
    void made.then((renderer) => renderer?.destroy());
  }, 60_000);
}

/** The renderer made early, moved into `host`, once; otherwise a new one. */
export async function takeSwimlaneRenderer(
  host: HTMLElement,
  widthPx: number,
  heightPx: number,
): Promise<SwimlaneRenderer> {
  const made = early;
  early = undefined;
  const renderer = made ? await made : undefined;
  if (!renderer) return SwimlaneRenderer.create(host, widthPx, heightPx);
  renderer.moveTo(host, widthPx, heightPx);
  return renderer;
}
