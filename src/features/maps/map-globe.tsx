/*
 * The 3D globe of the map picture (Cesium through Resium), loaded lazily so the rest of the app does
 * not carry Cesium. Tracks are primitives, not entities: one polyline and a set of point primitives
 * per map, decimated by camera height (track-geometry.ts), and per map one billboard with its symbol
 * turned by heading, pitch and roll at the cursor time, with a label when labels are on. Imagery is
 * the NaturalEarthII set Cesium ships (copied to /cesium/), so it needs no network and no Ion token;
 * requestRenderMode renders only on change (software WebGL starves the page otherwise). CesiumWidget,
 * not Viewer: the Viewer's widgets bind through Knockout, which evaluates strings, and the app's CSP
 * (no 'unsafe-eval') refuses that.
 */
import './cesium-base-url.ts';
import {
  BillboardCollection,
  buildModuleUrl,
  Cartesian2,
  Cartesian3,
  Color,
  ImageryLayer,
  LabelCollection,
  LabelStyle,
  Material,
  PointPrimitiveCollection,
  PolylineCollection,
  Rectangle,
  TileMapServiceImageryProvider,
  VerticalOrigin,
  type Billboard,
  type Label,
  type CesiumWidget as CesiumViewer,
} from 'cesium';
import 'cesium/Build/Cesium/Widgets/widgets.css';
import { useEffect, useRef, useState } from 'react';
import { CesiumWidget, type CesiumComponentRef } from 'resium';
import type { SYMBOLS } from '../../../domain/annotations.ts';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';
import { drawSymbol } from './symbol-image.ts';
import { attitudeAt, decimatedIndexes, indexAtTime, mergedIndexes, vertexBudget } from './track-geometry.ts';

export interface GlobeTrack {
  id: number;
  name: string;
  colour: string;
  icon: (typeof SYMBOLS)[number];
  points: MapPointColumns;
}

export interface GlobeCamera {
  x: number;
  y: number;
  z: number;
  heading: number;
  pitch: number;
  roll: number;
}

// Resium's read-only props, created once (PLATFORM.md): changing them would rebuild the viewer.
const OFF = false;
const STYLE = { position: 'absolute', inset: 0 } as const;

interface Collections {
  lines: PolylineCollection;
  dots: PointPrimitiveCollection;
  symbols: BillboardCollection;
  labels: LabelCollection;
  current: Map<number, { billboard: Billboard; label: Label }>;
}

const ROUND = 5;
const rounded = (degrees: number) => Math.round(degrees / ROUND) * ROUND;

export default function MapGlobe({
  tracks,
  cursorMicros,
  showLabels,
  mergePoints,
  camera,
  onCamera,
}: {
  tracks: readonly GlobeTrack[];
  cursorMicros: number | undefined;
  showLabels: boolean;
  mergePoints: boolean;
  camera: GlobeCamera | null;
  onCamera: (camera: GlobeCamera) => void;
}) {
  const viewerRef = useRef<CesiumComponentRef<CesiumViewer>>(null);
  const [viewer, setViewer] = useState<CesiumViewer | undefined>(undefined);
  const collections = useRef<Collections | undefined>(undefined);
  const [budget, setBudget] = useState(() => vertexBudget(camera ? Math.hypot(camera.x, camera.y, camera.z) - 6_371_000 : 10_000_000));
  const onCameraRef = useRef(onCamera);
  useEffect(() => {
    onCameraRef.current = onCamera;
  }, [onCamera]);
  const initialCamera = useRef(camera);
  const framed = useRef(camera !== null);

  // The viewer once Resium has made it (polled per frame until then): imagery, collections, the
  // saved camera, camera reports.
  useEffect(() => {
    let frame = 0;
    let detach: (() => void) | undefined;
    const attach = () => {
      const made = viewerRef.current?.cesiumElement;
      if (!made) {
        frame = requestAnimationFrame(attach);
        return;
      }
      made.imageryLayers.add(ImageryLayer.fromProviderAsync(TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'))));
      const scene = made.scene;
      collections.current = {
        lines: scene.primitives.add(new PolylineCollection()) as PolylineCollection,
        dots: scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection,
        symbols: scene.primitives.add(new BillboardCollection({ scene })) as BillboardCollection,
        labels: scene.primitives.add(new LabelCollection({ scene })) as LabelCollection,
        current: new Map(),
      };
      const saved = initialCamera.current;
      if (saved) made.camera.setView({ destination: new Cartesian3(saved.x, saved.y, saved.z), orientation: { heading: saved.heading, pitch: saved.pitch, roll: saved.roll } });
      const report = () => {
        const { position, heading, pitch, roll } = made.camera;
        onCameraRef.current({ x: position.x, y: position.y, z: position.z, heading, pitch, roll });
        setBudget(vertexBudget(made.camera.positionCartographic.height));
      };
      detach = made.camera.moveEnd.addEventListener(report);
      setViewer(made);
    };
    attach();
    return () => {
      cancelAnimationFrame(frame);
      detach?.();
    };
  }, []);

  // The tracks: lines and dots, rebuilt when the tracks, the merge setting or the zoom budget change.
  useEffect(() => {
    const drawn = collections.current;
    if (!viewer || !drawn) return;
    drawn.lines.removeAll();
    drawn.dots.removeAll();
    const perTrack = Math.max(1000, Math.floor(budget / Math.max(1, tracks.length)));
    for (const track of tracks) {
      const { points } = track;
      if (points.count === 0) continue;
      let indexes = decimatedIndexes(points.count, perTrack);
      if (mergePoints) indexes = mergedIndexes(points, indexes);
      const colour = Color.fromCssColorString(track.colour);
      const flat: number[] = [];
      for (const index of indexes) flat.push(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index] ?? 0);
      const positions = Cartesian3.fromDegreesArrayHeights(flat);
      drawn.lines.add({ positions, width: 2.5, material: Material.fromType('Color', { color: colour }) });
      // Dots mark the samples; fewer than the line's vertices, so they stay legible.
      const dotStride = Math.max(1, Math.ceil(positions.length / 2000));
      for (let at = 0; at < positions.length; at += dotStride) drawn.dots.add({ position: positions[at]!, pixelSize: 4, color: colour, outlineColor: Color.WHITE, outlineWidth: 1 });
    }
    if (!framed.current && tracks.some((track) => track.points.count > 0)) {
      framed.current = true;
      let [west, south, east, north] = [180, 90, -180, -90];
      for (const { points } of tracks) {
        for (let index = 0; index < points.count; index += Math.max(1, Math.floor(points.count / 5000))) {
          west = Math.min(west, points.longitudes[index]!);
          east = Math.max(east, points.longitudes[index]!);
          south = Math.min(south, points.latitudes[index]!);
          north = Math.max(north, points.latitudes[index]!);
        }
      }
      const padLon = Math.max(0.02, (east - west) * 0.2);
      const padLat = Math.max(0.02, (north - south) * 0.2);
      viewer.camera.setView({ destination: Rectangle.fromDegrees(west - padLon, south - padLat, east + padLon, north + padLat) });
    }
    viewer.scene.requestRender();
  }, [viewer, tracks, mergePoints, budget]);

  // The symbol and label of each track at the cursor time.
  useEffect(() => {
    const drawn = collections.current;
    if (!viewer || !drawn) return;
    const wanted = new Set(tracks.map((track) => track.id));
    for (const [id, current] of drawn.current) {
      if (wanted.has(id)) continue;
      drawn.symbols.remove(current.billboard);
      drawn.labels.remove(current.label);
      drawn.current.delete(id);
    }
    for (const track of tracks) {
      const { points } = track;
      if (points.count === 0) continue;
      const index = indexAtTime(points.timestamps, cursorMicros ?? points.timestamps[0]!);
      const position = Cartesian3.fromDegrees(points.longitudes[index]!, points.latitudes[index]!, points.altitudes[index] ?? 0);
      const attitude = attitudeAt(points, index);
      const turned = { heading: rounded(attitude.heading), pitch: rounded(attitude.pitch), roll: rounded(attitude.roll) };
      const imageID = `${track.icon}:${track.colour}:${turned.heading}:${turned.pitch}:${turned.roll}`;
      let current = drawn.current.get(track.id);
      if (!current) {
        const billboard = drawn.symbols.add({ position, alignedAxis: Cartesian3.UNIT_Z, verticalOrigin: VerticalOrigin.CENTER, disableDepthTestDistance: Number.POSITIVE_INFINITY });
        const label = drawn.labels.add({
          position,
          text: '',
          font: '13px sans-serif',
          fillColor: Color.WHITE,
          outlineColor: Color.BLACK,
          outlineWidth: 3,
          style: LabelStyle.FILL_AND_OUTLINE,
          pixelOffset: new Cartesian2(0, -30),
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        });
        current = { billboard, label };
        drawn.current.set(track.id, current);
      }
      current.billboard.position = position;
      current.billboard.setImage(imageID, () => drawSymbol(track.icon, track.colour, turned));
      current.label.position = position;
      current.label.text = points.actors[points.actorIndexes[index]!] || track.name;
      current.label.show = showLabels;
    }
    viewer.scene.requestRender();
  }, [viewer, tracks, cursorMicros, showLabels]);

  return (
    <CesiumWidget ref={viewerRef} style={STYLE} baseLayer={OFF} requestRenderMode />
  );
}
