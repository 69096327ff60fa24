/*
 * What the swimlane draws, as its React shell hands it over (the scene), and what a point of it
 * holds (the hit): shared by the renderer, the pure hit-test and the pictures' hover cards.
 */
import type { SwimlaneLayout } from '../../../domain/swimlane/swimlane-layout.ts';
import type { ThemeColors } from '../theme-colors.ts';
import type { HarPhase } from './har-phases.ts';
import type { TimeWindow } from './swimlane-window.ts';

/** The page's colour tokens the swimlane paints with, and the palette by stream colour index. */
export type SwimlaneTheme = Pick<ThemeColors, 'background' | 'grid' | 'text' | 'muted' | 'marker' | 'selection'> & {
  streams: readonly string[];
};

export interface SwimlaneMarker {
  id: number;
  startMicros: number;
  endMicros: number;
  message: string;
}

export interface SwimlaneScene {
  layout: SwimlaneLayout | undefined;
  columnCount: number;
  markers: readonly SwimlaneMarker[];
  /** The selected event, where it is drawn. */
  selected: { column: number; startMicros: number; endMicros: number } | undefined;
  grouping: boolean;
  axisVisible: boolean;
  theme: SwimlaneTheme;
  /** The phases of the event at a page position, for HAR requests. */
  phasesOf: (position: number) => ReadonlyArray<{ phase: HarPhase; ms: number }> | undefined;
  /** The window lets the label follow the one axis rule (a date once it crosses a day, and so on). */
  formatTick: (micros: number, stepMicros: number, window: TimeWindow) => string;
  /** Ticks fall on round steps from here: the incident's start on an elapsed axis, else 0. */
  tickOriginMicros?: number;
}

export type SwimlaneHit =
  | { kind: 'event'; position: number }
  | { kind: 'group'; positions: number[] }
  | { kind: 'bin'; column: number; count: number; fromMicros: number; toMicros: number }
  | { kind: 'marker'; marker: SwimlaneMarker };

/** The time axis's width at the left, when shown. */
export const AXIS_WIDTH_PX = 92;
