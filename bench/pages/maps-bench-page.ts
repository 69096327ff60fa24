/*
 * The page of bench/maps-bench.ts (bundled there, never part of the app): a synthetic track drawn by
 * the map picture's own layers (src/render/map: line, dots, curtain, shadow, the symbol with its
 * label and leader, optionally the Natural Earth context), by the bare way it was drawn before the
 * curtain (one polyline, dots, one billboard), and by the naive way, an Entity per point; the time of each frame.
 */
import {
  BillboardCollection,
  Cartesian3,
  CesiumWidget,
  Color,
  Material,
  PointPrimitiveCollection,
  PolylineCollection,
  Rectangle,
} from 'cesium';
import type { MapPointColumns } from '../../domain/geo/map-answers.ts';
import { decodeNaturalEarth, type NaturalEarthFile } from '../../domain/geo/natural-earth-context.ts';
import { trackAttitude } from '../../domain/geo/track-attitude.ts';
import { ContextLayer } from '../../src/render/map/context-layer.ts';
import { drawSymbol } from '../../src/render/map/symbol-image.ts';
import { SymbolLayer } from '../../src/render/map/symbol-layer.ts';
import { decimatedIndexes, vertexBudget } from '../../src/render/map/track-geometry.ts';
import { TrackLayer } from '../../src/render/map/track-layer.ts';

/** Which point the moving symbol stands on at a frame: the frames walk the whole track once. */
const indexAtFrame = (frame: number, frameCount: number, count: number) =>
  Math.floor((frame / frameCount) * (count - 1));

const positionOf = (points: MapPointColumns, index: number) =>
  Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index]!);

/** A spiral of `count` points over Amsterdam, a tenth of a second apart, each column from its formula. */
function track(count: number): MapPointColumns {
  const each = <T>(value: (angle: number, radius: number, index: number) => T): T[] =>
    Array.from({ length: count }, (_, index) =>
      value((index / count) * 40 * Math.PI, 0.05 + (index / count) * 0.3, index),
    );
  return {
    count,
    actors: ['bench'],
    lines: each((_angle, _radius, index) => index + 2),
    timestamps: each((_angle, _radius, index) => 1_700_000_000_000_000 + index * 100_000),
    actorIndexes: each(() => 0),
    latitudes: each((angle, radius) => 52.3 + radius * Math.sin(angle)),
    longitudes: each((angle, radius) => 4.77 + radius * Math.cos(angle)),
    altitudes: each((_angle, _radius, index) => 100 + (index % 1000)),
    headings: each((angle) => ((angle * 180) / Math.PI) % 360),
    pitches: each((angle) => 5 * Math.sin(angle)),
    rolls: each((angle) => 20 * Math.cos(angle)),
  };
}

function widget(): CesiumWidget {
  document.body.innerHTML = '<div id="globe" style="width:1024px;height:600px"></div>';
  const made = new CesiumWidget('globe', { baseLayer: false, requestRenderMode: true, useDefaultRenderLoop: false });
  made.camera.setView({ destination: Rectangle.fromDegrees(4.3, 51.9, 5.2, 52.7) });
  return made;
}

function frames(made: CesiumWidget, count: number, step: (frame: number) => void): number[] {
  const gl = (made.scene as unknown as { context: { _gl: WebGL2RenderingContext } }).context._gl;
  const times: number[] = [];
  for (let frame = 0; frame < count; frame += 1) {
    const started = performance.now();
    step(frame);
    made.scene.requestRender();
    made.render();
    gl.finish();
    times.push(performance.now() - started);
  }
  made.destroy();
  return times;
}

/** Ours: the map picture's layers, the symbol and its label moved along the track each frame. */
function layers(count: number, frameCount: number, context: NaturalEarthFile | null): number[] {
  const points = track(count);
  const made = widget();
  if (context) {
    try {
      new ContextLayer(made.scene).draw(decodeNaturalEarth(context));
    } catch (error) {
      // Playwright shows a thrown minified error by its class name alone; say what failed.
      throw new Error(
        `the context layer: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        { cause: error },
      );
    }
  }
  const tracks = [{ id: 1, name: 'bench', colour: '#1e90ff', icon: 'airplane' as const, points }];
  new TrackLayer(made.scene).draw(tracks, {
    mergePoints: false,
    vertexBudget: vertexBudget(made.camera.positionCartographic.height),
  });
  const symbols = new SymbolLayer(made.scene);
  try {
    return frames(made, frameCount, (frame) =>
      symbols.update(tracks, points.timestamps[indexAtFrame(frame, frameCount, count)], true),
    );
  } catch (error) {
    throw new Error(`the map's layers: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, {
      cause: error,
    });
  }
}

/** Before the curtain: primitives, decimated for the camera height, one moving symbol. */
function primitives(count: number, frameCount: number): number[] {
  const points = track(count);
  const made = widget();
  const lines = made.scene.primitives.add(new PolylineCollection()) as PolylineCollection;
  const dots = made.scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection;
  const symbols = made.scene.primitives.add(new BillboardCollection({ scene: made.scene })) as BillboardCollection;
  const indexes = decimatedIndexes(count, vertexBudget(made.camera.positionCartographic.height));
  const flat: number[] = [];
  for (const index of indexes) flat.push(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index]!);
  const positions = Cartesian3.fromDegreesArrayHeights(flat);
  lines.add({ positions, width: 2.5, material: Material.fromType('Color', { color: Color.DODGERBLUE }) });
  for (let at = 0; at < positions.length; at += Math.max(1, Math.ceil(positions.length / 2000)))
    dots.add({ position: positions[at]!, pixelSize: 4, color: Color.DODGERBLUE });
  const symbol = symbols.add({ position: positions[0]!, alignedAxis: Cartesian3.UNIT_Z });
  return frames(made, frameCount, (frame) => {
    const index = indexAtFrame(frame, frameCount, count);
    symbol.position = positionOf(points, index);
    const attitude = trackAttitude(points, index);
    const turned = {
      heading: Math.round(attitude.heading / 5) * 5,
      pitch: Math.round(attitude.pitch / 5) * 5,
      roll: Math.round(attitude.roll / 5) * 5,
    };
    symbol.setImage(`airplane:${turned.heading}:${turned.pitch}:${turned.roll}`, () =>
      drawSymbol('airplane', '#1e90ff', turned),
    );
  });
}

/** The baseline: an Entity per point, and the moving symbol as one more entity. */
function entities(count: number, frameCount: number): number[] {
  const points = track(count);
  const made = widget();
  for (let index = 0; index < count; index += 1) {
    made.entities.add({
      position: positionOf(points, index),
      point: { pixelSize: 4, color: Color.DODGERBLUE },
    });
  }
  const mover = made.entities.add({
    position: positionOf(points, 0),
    point: { pixelSize: 12, color: Color.ORANGE },
  });
  return frames(made, frameCount, (frame) => {
    mover.position = positionOf(points, indexAtFrame(frame, frameCount, count)) as never;
    made.dataSourceDisplay.update(made.clock.currentTime);
  });
}

(globalThis as unknown as { mapsBench: unknown }).mapsBench = { layers, primitives, entities };
