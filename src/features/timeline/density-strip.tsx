/*
 * The strip above the timeline: how many shown events fall in each stretch of the incident, and
 * where the list is. Clicking or pressing arrow keys on it jumps the list to that time.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { densityBins, timeAtFraction } from '../../../domain/events/event-density.ts';
import { renderDensityStrip } from '../../render/density-strip-renderer.ts';

interface DensityStripProps {
  startTimes: (position: number) => number;
  positions: Uint32Array;
  startMicros: number;
  endMicros: number;
  /** The times at the top and bottom of the list's visible rows. */
  visible: { from: number; to: number } | undefined;
  onJump: (micros: number) => void;
}

const BIN_COUNT = 240;

export function DensityStrip({ startTimes, positions, startMicros, endMicros, visible, onJump }: DensityStripProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const bins = useMemo(() => densityBins(startTimes, positions, startMicros, endMicros, BIN_COUNT), [startTimes, positions, startMicros, endMicros]);
  const span = Math.max(1, endMicros - startMicros);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const styles = getComputedStyle(canvas);
    const draw = () =>
      renderDensityStrip(canvas, {
        bins,
        window: visible ? { from: (visible.from - startMicros) / span, to: (visible.to - startMicros) / span } : undefined,
        barColor: styles.getPropertyValue('--ck-accent').trim() || '#2f5fb3',
        windowColor: styles.getPropertyValue('--ck-ink').trim() || '#1f2328',
      });
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [bins, visible, startMicros, span]);

  function jumpTo(event: MouseEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    onJump(timeAtFraction(startMicros, endMicros, (event.clientX - rect.left) / Math.max(1, rect.width)));
  }

  function step(event: KeyboardEvent<HTMLCanvasElement>) {
    const at = visible?.from ?? startMicros;
    const stepMicros = span / 20;
    if (event.key === 'ArrowRight') onJump(Math.min(endMicros, Math.round(at + stepMicros)));
    else if (event.key === 'ArrowLeft') onJump(Math.max(startMicros, Math.round(at - stepMicros)));
    else if (event.key === 'Home') onJump(startMicros);
    else if (event.key === 'End') onJump(endMicros);
    else return;
    event.preventDefault();
  }

  return (
    <canvas
      ref={canvasRef}
      role="slider"
      tabIndex={0}
      aria-label="Event density: jump through time"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={visible ? Math.round(((visible.from - startMicros) / span) * 100) : 0}
      data-testid="density-strip"
      className="h-9 w-full cursor-pointer rounded border border-line bg-canvas"
      onClick={jumpTo}
      onKeyDown={step}
    />
  );
}
