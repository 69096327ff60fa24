/* The views of an incident (spec: VIEW_NAMES that belong to an incident) and its pictures, as tabs of links. */
import { linkOptions, useParams } from '@tanstack/react-router';
import { LinkTabs } from '../../ui/link-tabs.tsx';
import { EVENT_PICTURES, pictureTabs } from '../../ui/picture-labels.ts';
import { useIncidentPage } from './incident-page-context.ts';

const VIEWS = [
  { viewName: 'events', label: 'Events' },
  { viewName: 'event-search', label: 'Search' },
  { viewName: 'annotations', label: 'Annotations' },
  { viewName: 'tags', label: 'Tags' },
  { viewName: 'streams', label: 'Streams' },
  { viewName: 'actors', label: 'Actors' },
  { viewName: 'create-stream', label: 'Add stream' },
] as const;

// Beside one incident, the incident bar shows where this incident stands among the others.
const PICTURES = pictureTabs([...EVENT_PICTURES, 'incident-bar', 'cross-incident-connections'], {
  'incident-bar': 'Among incidents',
});

/** The picture shown (the timeline when the address names no view), or undefined on a view that is not one. */
function usePictureShown(): { picture: string | undefined; viewName: string | undefined } {
  const params: { viewName?: string; visualizationName?: string } = useParams({ strict: false });
  const picture = params.visualizationName ?? (params.viewName === undefined ? 'event-timeline' : undefined);
  return { picture, viewName: params.viewName };
}

/** Whether a picture one can pinch and long-press is on screen (not a list, a form or the map builder). */
export function useZoomablePictureShown(): boolean {
  const { picture, viewName } = usePictureShown();
  return picture !== undefined && picture !== 'create-map' && viewName === undefined;
}

export function IncidentViewNav() {
  const { incidentID } = useIncidentPage();
  const { picture, viewName } = usePictureShown();
  const params = { viewName };
  return (
    <LinkTabs
      label="Incident views"
      look="compact"
      groups={[
        PICTURES.map((item) => ({
          label: item.label,
          current: picture === item.visualizationName && params.viewName === undefined,
          link: linkOptions({
            to: '/incident/$incidentID/{-$viewName}/type/$visualizationName',
            // viewName cleared: otherwise the router keeps the current one (/events/type/…) and the view stays.
            params: { incidentID, viewName: undefined, visualizationName: item.visualizationName },
          }),
        })),
        VIEWS.map((item) => ({
          label: item.label,
          current: params.viewName === item.viewName,
          link: linkOptions({
            to: '/incident/$incidentID/{-$viewName}',
            params: { incidentID, viewName: item.viewName },
          }),
        })),
      ]}
    />
  );
}
