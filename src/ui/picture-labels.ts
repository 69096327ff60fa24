/*
 * The name analysts read for each picture, in the tabs of an incident and of an organization alike,
 * so a picture is called the same wherever it is offered.
 */
import type { VisualizationName } from '../../domain/views.ts';

const PICTURE_LABELS: Record<VisualizationName, string> = {
  'event-timeline': 'Timeline',
  swimlane: 'Swimlane',
  'actor-bar': 'Actor bar',
  'actor-circle': 'Actor circle',
  'actor-scatter': 'Actor scatter',
  map: 'Map',
  'create-map': 'Create map',
  'incident-bar': 'Incident bar',
  'cross-incident-connections': 'Connections',
};

/** The pictures drawn from events, which an incident and an organization both offer, in this order. */
export const EVENT_PICTURES = [
  'event-timeline',
  'swimlane',
  'actor-bar',
  'actor-circle',
  'actor-scatter',
  'map',
] as const satisfies readonly VisualizationName[];

/** The pictures a page offers, in its order, each with its label unless the page names it its own way. */
export function pictureTabs(
  names: readonly VisualizationName[],
  renamed: Partial<Record<VisualizationName, string>> = {},
): { visualizationName: VisualizationName; label: string }[] {
  return names.map((name) => ({ visualizationName: name, label: renamed[name] ?? PICTURE_LABELS[name] }));
}
