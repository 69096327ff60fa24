/*
 * What a chart offers the pointer and the keyboard: the item under a point (a bar, a circle, a
 * dot), the next item in a direction, and a time axis when the chart has one (actor-scatter), so
 * the frame can set and draw the shared time cursor. Items carry their own card and selection.
 */
import type { ReactNode } from 'react';
import type { TimeRange } from '../../../domain/gestures/gesture-range.ts';

export interface ChartTarget {
  /** Stable while the same item is targeted (the frame skips re-rendering the same card). */
  key: string;
  /** Where the item is drawn (canvas CSS pixels): the card and the keyboard ring go there. */
  xPx: number;
  yPx: number;
  radiusPx: number;
  label: string;
  card: ReactNode;
  /** What selecting it does, for the card's last line ("open the actor"): the frame says how, by pointer. */
  action?: string;
  select: () => void;
}

export type ChartStep = 'up' | 'down' | 'left' | 'right' | 'first' | 'last';

export interface ChartInteraction {
  targetAt: (xPx: number, yPx: number, canvas: HTMLCanvasElement) => ChartTarget | undefined;
  step: (from: ChartTarget | undefined, step: ChartStep, canvas: HTMLCanvasElement) => ChartTarget | undefined;
  /** How to use the keyboard on this chart (read by screen readers). */
  instructions: string;
}

export interface ChartTimeAxis {
  microsAt: (xPx: number, canvas: HTMLCanvasElement) => number | undefined;
  xOf: (micros: number, canvas: HTMLCanvasElement) => number | undefined;
  /** With these, a touch drag pans and a pinch zooms the chart's time range (previewed, then handed over). */
  touch?: ChartTouchRange;
}

interface ChartTouchRange {
  range: TimeRange;
  /** The whole incident: how far a drag or a pinch may go. */
  bounds: TimeRange;
  /** The time axis's span on the canvas (CSS pixels). */
  plotOf: (canvas: HTMLCanvasElement) => { leftPx: number; widthPx: number };
  /** The fingers lifted: the range they left. */
  onRange: (range: TimeRange) => void;
}

export const STEP_OF_KEY: Readonly<Record<string, ChartStep>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'first',
  End: 'last',
};
