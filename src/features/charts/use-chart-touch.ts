/*
 * Touch on a chart's frame: a tap selects the item under the finger (as a click does), a long-press
 * shows its card and the time cursor there; on a chart with a time axis, a drag pans and a pinch
 * zooms its range. The move is previewed by stretching the canvas and handed over when the fingers
 * lift, so the chart redraws once per gesture, not once per finger move.
 */
import { useRef, type RefObject } from 'react';
import { panRange, zoomRange, type TimeRange } from '../../../domain/gestures/gesture-range.ts';
import type { Gesture } from '../../../domain/gestures/gesture-machine.ts';
import { useTouchGestures, type TouchGestureHandlers } from '../../ui/use-touch-gestures.ts';
import type { ChartTimeAxis } from './chart-target.ts';

interface ChartTouchOptions {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  timeAxis: ChartTimeAxis | undefined;
  onTap: (xPx: number, yPx: number) => void;
  onHold: (xPx: number, yPx: number) => void;
}

/** The canvas transform that draws `from`'s pixels where `to` would put them (x' = a·x + b). */
function previewTransform(from: TimeRange, to: TimeRange, plot: { leftPx: number; widthPx: number }): string {
  const toSpan = Math.max(1, to.toMicros - to.fromMicros);
  const a = (from.toMicros - from.fromMicros) / toSpan;
  const b = plot.leftPx + ((from.fromMicros - to.fromMicros) / toSpan) * plot.widthPx - a * plot.leftPx;
  return `translateX(${b}px) scaleX(${a})`;
}

export function useChartTouch({ canvasRef, timeAxis, onTap, onHold }: ChartTouchOptions): TouchGestureHandlers {
  const pending = useRef<TimeRange | undefined>(undefined);
  const touch = timeAxis?.touch;
  const onGesture = (gesture: Gesture) => {
    if (gesture.kind === 'tap') return onTap(gesture.xPx, gesture.yPx);
    if (gesture.kind === 'long-press') return onHold(gesture.xPx, gesture.yPx);
    const canvas = canvasRef.current;
    if (!touch || !canvas) return;
    const plot = touch.plotOf(canvas);
    const current = pending.current ?? touch.range;
    const next =
      gesture.kind === 'pan'
        ? panRange(current, gesture.dxPx, plot.widthPx, touch.bounds)
        : zoomRange(current, gesture.factor, gesture.xPx - plot.leftPx, plot.widthPx, touch.bounds);
    pending.current = next;
    canvas.style.transform = previewTransform(touch.range, next, plot);
    canvas.dataset['touchPreview'] = '';
  };
  const onSettle = () => {
    const canvas = canvasRef.current;
    const settled = pending.current;
    pending.current = undefined;
    if (canvas) {
      canvas.style.transform = '';
      delete canvas.dataset['touchPreview'];
    }
    if (touch && settled) touch.onRange(settled);
  };
  return useTouchGestures(onGesture, { onSettle });
}
