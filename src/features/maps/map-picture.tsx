/*
 * The map picture (visualization map): the visible maps of the incident on the globe, replayed in
 * step with the incident's events. The time cursor (the map's clock) follows the selected event and
 * a slider (or Play) moves it; every move is reported (onCursor), so the events list composed under
 * the globe marks the events the track is passing. The globe itself (Cesium) is loaded on first use.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTimeCursor, useTimeCursorStore } from '../../data/time-cursor.ts';
import { useTimeCursorAttribute } from '../../data/use-time-cursor-attribute.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import type { GlobeCamera, GlobeTrack } from '../../render/map/globe-track.ts';
import { frameLoop } from '../../render/frame-scheduler.ts';
import { useMapTracks, type TrackMap } from './use-map-tracks.ts';
import { PictureRoot } from '../../ui/picture-root.tsx';

const MapGlobe = lazy(() => import('./map-globe.tsx'));

const PLAY_SECONDS = 60;
const TICK_MS = 100;

export function MapPicture({
  incidentID,
  analystID,
  hasMaps,
  maps,
  selectedEventID,
  selectedEventMicros,
  onCursor,
  zone,
  heightPx,
  showLabels,
  mergePoints,
  camera,
  onCamera,
  createMapLink,
  onTracks,
}: {
  incidentID: number;
  analystID: number;
  /** The incident has maps (some may be hidden: then the globe shows without them). */
  hasMaps: boolean;
  /** The maps shown (the visible ones). */
  maps: readonly TrackMap[];
  selectedEventID: number | undefined;
  /** The selected event's start: the cursor moves there when another event is selected. */
  selectedEventMicros: number | undefined;
  /** Told the cursor time (microseconds) whenever it moves; undefined while no track has points. */
  onCursor: (micros: number | undefined) => void;
  zone: string;
  heightPx: number;
  showLabels: boolean;
  mergePoints: boolean;
  camera: GlobeCamera | null;
  onCamera: (camera: GlobeCamera) => void;
  createMapLink: React.ReactNode;
  /** Told the loaded tracks, for pictures composed beside the globe (the track telemetry). */
  onTracks?: (tracks: readonly GlobeTrack[]) => void;
}) {
  const state = useMapTracks(incidentID, analystID, maps);
  const tracks = useMemo(() => (state.phase === 'loaded' ? state.tracks : []), [state]);
  useEffect(() => onTracks?.(tracks), [onTracks, tracks]);
  const span = useMemo(() => {
    const withPoints = tracks.filter((track) => track.points.count > 0);
    if (withPoints.length === 0) return undefined;
    return {
      first: Math.min(...withPoints.map((track) => track.points.timestamps[0]!)),
      last: Math.max(...withPoints.map((track) => track.points.timestamps[track.points.count - 1]!)),
    };
  }, [tracks]);
  // The cursor the analyst moved, and the selection it was moved under: selecting another event
  // moves the cursor to it (the timeline and the map share the moment).
  const [moved, setMoved] = useState<{ micros: number; underEventID: number | undefined } | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  // The camera follows the replay only when asked: a moving camera is hard to read a track from.
  const [follow, setFollow] = useState(false);
  const clock =
    moved !== undefined && moved.underEventID === selectedEventID
      ? moved.micros
      : (selectedEventMicros ?? moved?.micros);
  // The shared cursor: the clock is shown to the other pictures, and an instant hovered in one of
  // them moves the symbol there while the replay is not playing.
  const cursorStore = useTimeCursorStore();
  const shared = useTimeCursor();
  const hovered = !playing && shared.source !== 'map' ? shared.micros : undefined;
  const cursor = hovered ?? clock;
  const setCursor = (micros: number) => {
    setMoved({ micros, underEventID: selectedEventID });
    cursorStore.set(micros, 'map');
  };
  const rootRef = useRef<HTMLElement>(null);
  useTimeCursorAttribute(rootRef);

  const cursorRef = useRef(clock);
  useEffect(() => {
    cursorRef.current = clock;
  }, [clock]);
  useEffect(() => {
    if (!playing || !span) return;
    // By the wall clock, not per tick: a slow frame (software WebGL) delays ticks, not the replay.
    const microsPerMs = (span.last - span.first) / (PLAY_SECONDS * 1000);
    const fromMicros =
      cursorRef.current !== undefined && cursorRef.current < span.last ? cursorRef.current : span.first;
    const fromMs = performance.now();
    let tickedMs = fromMs;
    // On the app's frames, moving the clock at most once a TICK_MS: each move redraws the globe.
    return frameLoop((nowMs) => {
      if (nowMs - tickedMs < TICK_MS) return true;
      tickedMs = nowMs;
      const next = Math.min(span.last, Math.round(fromMicros + (nowMs - fromMs) * microsPerMs));
      setMoved({ micros: next, underEventID: selectedEventID });
      cursorStore.set(next, 'map');
      if (next < span.last) return true;
      setPlaying(false);
      return false;
    });
  }, [playing, span, selectedEventID, cursorStore]);

  const at = span === undefined ? undefined : (cursor ?? span.first);
  const onCursorRef = useRef(onCursor);
  useEffect(() => {
    onCursorRef.current = onCursor;
  }, [onCursor]);
  useEffect(() => onCursorRef.current(at), [at]);

  const root = { ref: rootRef, name: 'map', label: 'Map', selectedEventID };
  if (!hasMaps) {
    return (
      <PictureRoot {...root} className="flex flex-col items-start gap-2 p-4">
        <p className="text-muted">This incident has no maps yet.</p>
        {createMapLink}
      </PictureRoot>
    );
  }
  return (
    <PictureRoot {...root} className="flex flex-col gap-2 p-2">
      <div
        className="relative overflow-hidden rounded-md border border-line bg-black"
        style={{ height: heightPx }}
        data-testid="map-globe"
      >
        <Suspense fallback={<p className="p-3 text-sm text-white">Loading the globe…</p>}>
          <MapGlobe
            tracks={tracks}
            cursorMicros={at}
            showLabels={showLabels}
            mergePoints={mergePoints}
            follow={follow}
            camera={camera}
            onCamera={onCamera}
          />
        </Suspense>
        {state.phase === 'loading' ? (
          <div className="absolute inset-x-3 top-3 flex flex-col gap-1 rounded bg-panel/90 p-2 text-sm">
            <span>
              Loading map points… {state.loadedPoints.toLocaleString('en')} of {state.totalPoints.toLocaleString('en')}
            </span>
            <ProgressBar
              label="Loading map points"
              value={state.loadedPoints}
              max={state.totalPoints > 0 ? state.totalPoints : undefined}
            />
          </div>
        ) : null}
        {state.phase === 'error' ? (
          <p role="alert" className="absolute inset-x-3 top-3 rounded bg-panel p-2 text-sm text-danger">
            The map could not be loaded: {state.message}
          </p>
        ) : null}
      </div>
      {span && at !== undefined ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Button onClick={() => setPlaying((now) => !now)} aria-pressed={playing}>
            {playing ? 'Pause' : 'Play'}
          </Button>
          <Button
            onClick={() => setFollow((now) => !now)}
            aria-pressed={follow}
            className="aria-pressed:border-accent aria-pressed:bg-raised aria-pressed:text-accent"
            title="Keep the camera on the track as the map time moves"
          >
            Follow
          </Button>
          <input
            type="range"
            aria-label="Map time"
            className="min-w-48 flex-1"
            min={0}
            max={1000}
            value={Math.round(((at - span.first) / Math.max(1, span.last - span.first)) * 1000)}
            onChange={(event) =>
              setCursor(span.first + Math.round((Number(event.target.value) / 1000) * (span.last - span.first)))
            }
          />
          <span className="tabular-nums" data-testid="map-time">
            <Timestamp micros={at} zone={zone} />
          </span>
        </div>
      ) : null}
      <ul className="flex flex-wrap gap-3 text-sm" aria-label="Maps shown">
        {tracks.map((track) => (
          <li key={track.id} className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full" style={{ backgroundColor: track.colour }} aria-hidden />
            {track.name} <span className="text-muted">({countNoun(track.points.count, 'point')})</span>
          </li>
        ))}
      </ul>
    </PictureRoot>
  );
}
