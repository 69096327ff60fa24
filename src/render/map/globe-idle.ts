/*
 * Tells tests and tools when the globe is drawn: `data-globe-idle="true"` on the widget's element
 * once a frame has rendered with every tile loaded and nothing of ours still coming (imagery being
 * set up, the context data), "false" from any change until then. Cesium's requestRenderMode keeps
 * rendering while tiles load, so the post-render event is the signal. `data-camera` carries the
 * camera's longitude, latitude and height as drawn, so a test can see the camera move.
 */
import { Math as CesiumMath, type Scene } from 'cesium';

export class GlobeIdle {
  private pending = 0;
  private readonly detach: () => void;

  constructor(
    private readonly scene: Scene,
    private readonly element: HTMLElement,
  ) {
    this.element.dataset['globeIdle'] = 'false';
    this.detach = scene.postRender.addEventListener(() => this.rendered());
  }

  /** Something changed: not idle until a frame shows it. */
  busy(): void {
    this.element.dataset['globeIdle'] = 'false';
    this.scene.requestRender();
  }

  /** Marks work under way until the promise settles (then asks for the frame that shows it). */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending += 1;
    this.busy();
    return work.finally(() => {
      this.pending -= 1;
      this.busy();
    });
  }

  private rendered(): void {
    const { camera } = this.scene;
    const where = camera.positionCartographic;
    this.element.dataset['camera'] =
      `${CesiumMath.toDegrees(where.longitude).toFixed(5)},${CesiumMath.toDegrees(where.latitude).toFixed(5)},${Math.round(where.height)}`;
    const idle = this.pending === 0 && this.scene.globe.tilesLoaded;
    this.element.dataset['globeIdle'] = String(idle);
  }

  destroy(): void {
    this.detach();
  }
}
