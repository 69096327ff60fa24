/*
 * A pinch or a drag that picks a time range on a picture (the timeline, actor-scatter) sets the
 * view's time interval, kept inside the whole range; picked out to everything, the interval is
 * cleared, and the picture shows the whole incident or organization again.
 */
import { useCallback } from 'react';
import { coversBounds, type TimeRange } from '../../domain/gestures/gesture-range.ts';

export function useTimeRangeSetter(
  updateViewState: (patch: { timeInterval: { start: number; end: number } | null }) => void,
  wholeRange: TimeRange,
) {
  return useCallback(
    (picked: TimeRange) =>
      updateViewState({
        timeInterval: coversBounds(picked, wholeRange)
          ? null
          : {
              start: Math.round(Math.max(wholeRange.fromMicros, picked.fromMicros)),
              end: Math.round(Math.min(wholeRange.toMicros, picked.toMicros)),
            },
      }),
    [updateViewState, wholeRange],
  );
}
