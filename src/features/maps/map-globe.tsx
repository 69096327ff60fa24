/*
 * The map picture's globe: a Resium CesiumWidget (loaded lazily, so the rest of the app does not
 * carry Cesium) handed to src/render/map/globe-scene.ts, which draws everything on it. CesiumWidget,
 * not Viewer: the Viewer's widgets bind through Knockout, which evaluates strings, and the app's CSP
 * (no 'unsafe-eval') refuses that. requestRenderMode: software WebGL starves the page otherwise.
 */
import './cesium-base-url.ts';
import type { CesiumWidget as CesiumViewer } from 'cesium';
import 'cesium/Build/Cesium/Widgets/widgets.css';
import { useEffect, useRef, useState } from 'react';
import { CesiumWidget, type CesiumComponentRef } from 'resium';
import { readMapTileUrl } from '../../data/maps-api.ts';
import { readNaturalEarth } from '../../data/natural-earth.ts';
import { GlobeScene } from '../../render/map/globe-scene.ts';
import { frameScheduler, type CancelFrame } from '../../render/frame-scheduler.ts';
import type { GlobeCamera, GlobeTrack } from '../../render/map/globe-track.ts';

// Resium's read-only props, created once (PLATFORM.md): changing them would rebuild the viewer.
const OFF = false;
const STYLE = { position: 'absolute', inset: 0 } as const;

export default function MapGlobe({
  tracks,
  cursorMicros,
  showLabels,
  mergePoints,
  follow,
  camera,
  onCamera,
}: {
  tracks: readonly GlobeTrack[];
  cursorMicros: number | undefined;
  showLabels: boolean;
  mergePoints: boolean;
  follow: boolean;
  camera: GlobeCamera | null;
  onCamera: (camera: GlobeCamera) => void;
}) {
  const viewerRef = useRef<CesiumComponentRef<CesiumViewer>>(null);
  const [scene, setScene] = useState<GlobeScene | undefined>(undefined);
  const onCameraRef = useRef(onCamera);
  useEffect(() => {
    onCameraRef.current = onCamera;
  }, [onCamera]);
  // What the scene starts from; later changes of these go through the effects below.
  const initial = useRef({ camera });

  // The scene once Resium has made the widget (polled per frame until then).
  useEffect(() => {
    let cancelFrame: CancelFrame | undefined;
    let made: GlobeScene | undefined;
    const attach = () => {
      const widget = viewerRef.current?.cesiumElement;
      if (!widget) {
        cancelFrame = frameScheduler.request(attach);
        return;
      }
      made = new GlobeScene(widget, { ...initial.current, onCamera: (moved) => onCameraRef.current(moved) });
      made.showContext(readNaturalEarth());
      made.showTiles(readMapTileUrl());
      setScene(made);
    };
    attach();
    return () => {
      cancelFrame?.();
      made?.destroy();
    };
  }, []);

  useEffect(() => scene?.setTracks(tracks, mergePoints), [scene, tracks, mergePoints]);
  useEffect(() => scene?.setCursor(cursorMicros, showLabels), [scene, cursorMicros, showLabels]);
  useEffect(() => scene?.setFollow(follow), [scene, follow]);

  return <CesiumWidget ref={viewerRef} style={STYLE} baseLayer={OFF} requestRenderMode />;
}
