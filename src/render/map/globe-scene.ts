/*
 * The map picture's globe without React: imagery (an online tile server when configured, over the
 * NaturalEarthII set Cesium ships, which shows wherever tiles cannot be had), the Natural Earth
 * context, the tracks and their symbols, the oblique framing, the camera following the replay, and
 * the idle signal. features/maps/map-globe.tsx mounts a CesiumWidget through Resium and drives this.
 */
import {
  buildModuleUrl,
  Cartesian2,
  Cartesian3,
  Ellipsoid,
  HeadingPitchRange,
  ImageryLayer,
  Math as CesiumMath,
  Matrix4,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  type CesiumWidget,
} from 'cesium';
import type { NaturalEarthContext } from '../../../domain/geo/natural-earth-context.ts';
import { ContextLayer } from './context-layer.ts';
import { EllipsoidTerrain } from './ellipsoid-terrain.ts';
import { GlobeIdle } from './globe-idle.ts';
import { PlaceLayer } from './place-layer.ts';
import { drawCheaperOnSoftware } from './software-globe.ts';
import { deviceTracks } from './device-tracks.ts';
import type { GlobeCamera, GlobeTrack } from './globe-track.ts';
import { SymbolLayer } from './symbol-layer.ts';
import { indexAtTime, vertexBudget } from './track-geometry.ts';
import { frameTracks } from './track-framing.ts';
import { TrackLayer } from './track-layer.ts';

const FOLLOW_RANGE_METRES = { min: 400, max: 400_000 };
/** Camera moves smaller than this share of the view do not re-place labels. */
const CAMERA_CHANGE_SHARE = 0.02;

interface GlobeSceneOptions {
  /** The camera as kept per incident; the tracks are framed when absent. */
  camera: GlobeCamera | null;
  /** Told where the analyst left the camera (not while it follows the replay). */
  onCamera: (camera: GlobeCamera) => void;
}

export class GlobeScene {
  private readonly idle: GlobeIdle;
  private readonly context: ContextLayer;
  private readonly places: PlaceLayer;
  private readonly trackLayer: TrackLayer;
  private readonly symbols: SymbolLayer;
  private readonly detach: (() => void)[] = [];
  /** The maps as given, and the tracks drawn from them (a map with several devices is a track per device). */
  private maps: readonly GlobeTrack[] = [];
  private tracks: readonly GlobeTrack[] = [];
  private cursorMicros: number | undefined;
  private showLabels = true;
  private mergePoints = false;
  private budget: number;
  private framed: boolean;
  private followRange: number | undefined;

  constructor(
    private readonly widget: CesiumWidget,
    private readonly options: GlobeSceneOptions,
  ) {
    const { scene, camera } = widget;
    scene.terrainProvider = new EllipsoidTerrain();
    // The opened view's tiles only: an ancestor is loaded when zooming out needs it (a frame or two
    // on the main thread, ellipsoid-terrain.ts), not on every opened map (2-5 frames of software WebGL).
    scene.globe.preloadAncestors = false;
    drawCheaperOnSoftware(widget, widget.container as HTMLElement);
    this.idle = new GlobeIdle(scene, widget.container as HTMLElement);
    this.context = new ContextLayer(scene);
    this.places = new PlaceLayer(scene);
    this.trackLayer = new TrackLayer(scene);
    this.symbols = new SymbolLayer(scene);
    void this.idle.track(this.addImagery());
    const saved = options.camera;
    this.framed = saved !== null;
    if (saved)
      camera.setView({
        destination: new Cartesian3(saved.x, saved.y, saved.z),
        orientation: { heading: saved.heading, pitch: saved.pitch, roll: saved.roll },
      });
    this.budget = vertexBudget(camera.positionCartographic.height);
    camera.percentageChanged = CAMERA_CHANGE_SHARE;
    this.detach.push(
      camera.moveEnd.addEventListener(() => this.cameraStopped()),
      camera.changed.addEventListener(() => {
        this.symbols.place();
        this.clearPlaceLabels();
        this.idle.busy();
      }),
      scene.postRender.addEventListener(() => this.exposeSymbol()),
    );
  }

  setTracks(tracks: readonly GlobeTrack[], mergePoints: boolean): void {
    this.maps = tracks;
    this.tracks = deviceTracks(tracks);
    this.mergePoints = mergePoints;
    this.drawTracks();
    if (!this.framed && tracks.some((track) => track.points.count > 0)) {
      this.framed = true;
      this.frame();
    }
    this.moveSymbols();
  }

  setCursor(cursorMicros: number | undefined, showLabels: boolean): void {
    this.cursorMicros = cursorMicros;
    this.showLabels = showLabels;
    (this.widget.container as HTMLElement).dataset['cursor'] = cursorMicros === undefined ? '' : String(cursorMicros);
    this.moveSymbols();
  }

  /** Keeps the camera on the first track's symbol as the replay moves (from where it is now). */
  setFollow(follow: boolean): void {
    if (!follow) {
      this.followRange = undefined;
      return;
    }
    const target = this.followTarget();
    const distance = target ? Cartesian3.distance(this.widget.camera.positionWC, target) : FOLLOW_RANGE_METRES.max;
    this.followRange = Math.min(FOLLOW_RANGE_METRES.max, Math.max(FOLLOW_RANGE_METRES.min, distance));
    this.follow();
  }

  /** Draws the Natural Earth context once it is read (the globe is not idle until then). */
  showContext(reading: Promise<NaturalEarthContext>): void {
    void this.idle
      .track(reading)
      .then((context) => {
        this.context.draw(context);
        this.places.draw(context);
        this.clearPlaceLabels();
        const { dataset } = this.widget.container as HTMLElement;
        dataset['contextLines'] = String(this.context.lineCount);
        dataset['contextPlaces'] = String(this.places.counts.places);
        dataset['contextAirports'] = String(this.places.counts.airports);
      })
      // NOTE: without the context the globe still shows its imagery; the reason goes to the console.
      .catch((error: unknown) =>
        console.error("the map's coastlines, borders, places and airports could not be read", error),
      );
  }

  /** Frames every track obliquely, along its main direction. */
  frame(): void {
    const framing = frameTracks(this.tracks.map((track) => track.points));
    if (!framing) return;
    const { camera } = this.widget;
    const centre = Cartesian3.fromDegrees(framing.longitude, framing.latitude, framing.heightMetres);
    camera.lookAt(
      centre,
      new HeadingPitchRange(
        CesiumMath.toRadians(framing.headingDegrees),
        CesiumMath.toRadians(framing.pitchDegrees),
        framing.rangeMetres,
      ),
    );
    // Free the camera again (lookAt leaves it orbiting the centre), where it now is.
    camera.lookAtTransform(Matrix4.IDENTITY);
    this.idle.busy();
  }

  destroy(): void {
    // Resium may have destroyed the widget (and with it every primitive) first.
    if (this.widget.isDestroyed()) return;
    for (const detach of this.detach) detach();
    this.idle.destroy();
    this.symbols.destroy();
    this.trackLayer.destroy();
    this.places.destroy();
    this.context.destroy();
  }

  private async addImagery(): Promise<void> {
    const { imageryLayers } = this.widget;
    // Awaited: a layer added while its provider is still being made is drawn late.
    imageryLayers.add(
      new ImageryLayer(await TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'))),
      0,
    );
  }

  /**
   * Online imagery over the bundled one, once its template is known (an http(s) {z}/{x}/{y} template).
   * Where a tile cannot be had (offline and not cached) the NaturalEarthII beneath shows through.
   */
  showTiles(reading: Promise<string | undefined>): void {
    void this.idle.track(reading).then((tileUrl) => {
      if (tileUrl && !this.widget.isDestroyed())
        this.widget.imageryLayers.add(
          new ImageryLayer(new UrlTemplateImageryProvider({ url: tileUrl, maximumLevel: 19 })),
        );
    });
  }

  private drawTracks(): void {
    this.trackLayer.draw(this.tracks, { mergePoints: this.mergePoints, vertexBudget: this.budget });
    // With the idle signal, tells a test that the frame it waits for shows these tracks.
    (this.widget.container as HTMLElement).dataset['drawnTracks'] = String(
      this.maps.filter((track) => track.points.count > 0).length,
    );
    this.idle.busy();
  }

  /** Keeps the places' and airports' labels off the tracks, their symbols and labels (for tests: how many it hid). */
  private clearPlaceLabels(): void {
    this.places.clearOf(this.tracks, this.symbols.heldBoxes());
    (this.widget.container as HTMLElement).dataset['contextLabelsCleared'] = String(this.places.counts.cleared);
  }

  private moveSymbols(): void {
    this.symbols.update(this.tracks, this.cursorMicros, this.showLabels);
    this.clearPlaceLabels();
    if (this.followRange !== undefined) this.follow();
    this.idle.busy();
  }

  private followTarget(): Cartesian3 | undefined {
    const track = this.tracks.find((candidate) => candidate.points.count > 0);
    if (!track) return undefined;
    const { points } = track;
    const index = indexAtTime(points.timestamps, this.cursorMicros ?? points.timestamps[0]!);
    return Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index] ?? 0);
  }

  private follow(): void {
    const target = this.followTarget();
    if (!target || this.followRange === undefined) return;
    const { camera } = this.widget;
    camera.lookAt(target, new HeadingPitchRange(camera.heading, camera.pitch, this.followRange));
    camera.lookAtTransform(Matrix4.IDENTITY);
  }

  /** Where the first track's symbol and the ground under it are on the canvas, as drawn (for tests). */
  private exposeSymbol(): void {
    const element = this.widget.container as HTMLElement;
    const target = this.followTarget();
    const onCanvas = (position: Cartesian3 | undefined) => {
      const at = position && this.widget.scene.cartesianToCanvasCoordinates(position, new Cartesian2());
      return at ? `${Math.round(at.x)},${Math.round(at.y)}` : '';
    };
    element.dataset['symbol'] = onCanvas(target);
    element.dataset['symbolGround'] = onCanvas(
      target && Ellipsoid.WGS84.scaleToGeodeticSurface(target, new Cartesian3()),
    );
  }

  private cameraStopped(): void {
    const { camera } = this.widget;
    const budget = vertexBudget(camera.positionCartographic.height);
    if (budget !== this.budget) {
      this.budget = budget;
      this.drawTracks();
    }
    if (this.followRange !== undefined) return;
    const { position, heading, pitch, roll } = camera;
    this.options.onCamera({ x: position.x, y: position.y, z: position.z, heading, pitch, roll });
  }
}
