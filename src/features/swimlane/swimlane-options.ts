/*
 * The swimlane's part of the per-incident view state (spec section 4), declared by shape: the
 * settings feature owns the record and the route hands these fields over with a setter.
 */

export interface SwimlaneOptions {
  swimlaneYAxisVisible: boolean;
  minimapVisible: boolean;
  minimapYAxisVisible: boolean;
  minimapLimitedToVisibleStreams: boolean;
  swimlaneHeightLimited: boolean;
  yAxisTimeFormat: 'absolute' | 'elapsed';
  groupSwimlaneEvents: boolean;
  secondaryTimeWindow: { start: number; end: number } | null;
  inlineReplyThreadEventID: number | null;
  swimlaneColumnDragPositionPx: number | null;
}
