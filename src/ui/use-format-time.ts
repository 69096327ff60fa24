/*
 * A picture's time formatter in the page's zone, stable while the zone is: the pictures take it as a
 * prop and redraw their labels only when it changes.
 */
import { useCallback } from 'react';
import { formatMicros } from '../../domain/time/format-micros.ts';

export function useFormatTime(timeZone: string): (micros: number, pattern?: string) => string {
  return useCallback((micros: number, pattern?: string) => formatMicros(micros, timeZone, pattern), [timeZone]);
}
