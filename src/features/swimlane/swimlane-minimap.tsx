/* The swimlane's minimap beside it: the whole range, the window shown; a click or drag jumps there. */
import { spanLabelPattern } from '../../../domain/time/axis-time-pattern.ts';
import { useEffect, useMemo, useRef } from 'react';
import { renderMinimap } from '../../render/swimlane/swimlane-minimap-renderer.ts';
import type { TimeWindow } from '../../render/swimlane/swimlane-window.ts';

interface SwimlaneMinimapProps {
  bins: Uint32Array | undefined;
  bounds: TimeWindow;
  window: TimeWindow;
  secondary: TimeWindow | null;
  markerMicros: readonly number[];
  heightPx: number;
  axisVisible: boolean;
  formatTime: (micros: number, pattern?: string) => string;
  /** Anything that changes with the colour scheme (the picture's theme object). */
  scheme: unknown;
  onJump: (micros: number) => void;
}

export function SwimlaneMinimap({
  bins,
  bounds,
  window,
  secondary,
  markerMicros,
  heightPx,
  axisVisible,
  formatTime,
  scheme,
  onJump,
}: SwimlaneMinimapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Read once per colour scheme, not on every pan (a style read per frame costs a style pass).
  const colors = useMemo(() => {
    void scheme;
    const style = getComputedStyle(document.documentElement);
    return {
      barColor: style.getPropertyValue('--ck-muted').trim() || '#59616d',
      windowColor: style.getPropertyValue('--ck-focus').trim() || '#3d7bea',
      secondaryColor: style.getPropertyValue('--ck-warning').trim() || '#8a4b00',
      markerColor: style.getPropertyValue('--ck-danger').trim() || '#b42318',
    };
  }, [scheme]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    renderMinimap(canvas, { bins: bins ?? new Uint32Array(1), bounds, window, secondary, markerMicros, ...colors });
  });
  const jump = (clientY: number, target: HTMLElement) => {
    const rect = target.getBoundingClientRect();
    const fraction = Math.max(0, Math.min(1, (clientY - rect.top) / rect.height));
    onJump(bounds.fromMicros + fraction * (bounds.toMicros - bounds.fromMicros));
  };
  const labelPattern = spanLabelPattern(bounds.fromMicros, bounds.toMicros, 3, (at) =>
    formatTime(Math.round(at), 'YYYY-MM-DD'),
  );
  return (
    <div className="flex shrink-0 gap-1" style={{ height: heightPx }} data-swimlane-minimap="">
      {axisVisible ? (
        <div
          aria-hidden="true"
          className="flex flex-col justify-between py-0.5 text-right font-mono text-[10px] leading-none text-muted"
        >
          <span>{formatTime(Math.round(bounds.fromMicros), labelPattern)}</span>
          <span>{formatTime(Math.round((bounds.fromMicros + bounds.toMicros) / 2), labelPattern)}</span>
          <span>{formatTime(Math.round(bounds.toMicros), labelPattern)}</span>
        </div>
      ) : null}
      <canvas
        ref={canvasRef}
        role="slider"
        aria-label="Minimap: where the swimlane window is in the incident"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(
          ((window.fromMicros - bounds.fromMicros) / Math.max(1, bounds.toMicros - bounds.fromMicros)) * 100,
        )}
        tabIndex={-1}
        className="h-full w-16 cursor-pointer rounded-md border border-line bg-panel"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          jump(event.clientY, event.currentTarget);
        }}
        onPointerMove={(event) => {
          if (event.buttons === 1) jump(event.clientY, event.currentTarget);
        }}
      />
    </div>
  );
}
