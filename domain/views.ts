/*
 * The vocabulary of the app's screens (spec section 2): view names, visualizations, the
 * organization chart count types and the visualization heights the analyst menu offers.
 */

const VIEW_NAMES = [
  'actors',
  'analysts',
  'annotations',
  'create-stream',
  'events',
  'event-search',
  'incident',
  'incidents',
  'organization',
  'streams',
  'swimlane',
  'tags',
  'visualizations',
] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

// The spec's list, plus swimlane: PRODUCT.md draws it as a picture and its selection lives at
// type/swimlane/event/{eventID}.
const VISUALIZATION_NAMES = [
  'actor-bar',
  'actor-circle',
  'actor-scatter',
  'create-map',
  'cross-incident-connections',
  'event-timeline',
  'incident-bar',
  'map',
  'swimlane',
] as const;
export type VisualizationName = (typeof VISUALIZATION_NAMES)[number];

/** What the incident-bar chart of an organization counts per incident (PRODUCT.md, pictures). */
export const COUNT_TYPES = [
  'events',
  'streams',
  'uploads',
  'actor-events',
  'notes',
  'human-actors',
  'human-actor-events',
] as const;
export type CountType = (typeof COUNT_TYPES)[number];

/** Visualization heights in pixels with the labels the analyst menu shows (spec section 9). */
export const VISUALIZATION_HEIGHTS = [
  { label: 'sm', heightPx: 480 },
  { label: 'md', heightPx: 600 },
  { label: 'lg', heightPx: 750 },
  { label: 'xl', heightPx: 1080 },
] as const;
export type VisualizationHeightPx = (typeof VISUALIZATION_HEIGHTS)[number]['heightPx'];
export const DEFAULT_VISUALIZATION_HEIGHT_PX: VisualizationHeightPx = 600;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export const isViewName = (value: string): value is ViewName => isOneOf(VIEW_NAMES, value);
export const isVisualizationName = (value: string): value is VisualizationName => isOneOf(VISUALIZATION_NAMES, value);
export const isCountType = (value: string): value is CountType => isOneOf(COUNT_TYPES, value);
