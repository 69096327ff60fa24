/*
 * Composes the map pictures (features/maps) with the incident page: create-map (saving opens the new
 * map and refreshes the mirror's list of maps) and map (the visible maps, the events as the time
 * link, the analyst's label and merge settings, the camera kept in the incident's view state).
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { syncIncident } from '../data/mirror/index.ts';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { CreateMapScreen } from '../features/maps/create-map-screen.tsx';
import { MapPicture } from '../features/maps/map-picture.tsx';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';

export function IncidentMaps({ picture }: { picture: 'create-map' | 'map' }) {
  const page = useIncidentPage();
  const acting = useActingAnalyst();
  const navigate = useNavigate();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const [viewState, updateViewState] = useViewState('incident', page.incidentID);
  const { incidentID } = page;
  const mapIDs = useMemo(
    () => page.data.maps.filter((map) => page.viewState.incidentMapVisibility[String(map.id)] !== false).map((map) => map.id),
    [page.data.maps, page.viewState.incidentMapVisibility],
  );
  const events = useMemo(() => Array.from(page.filtered.positions, (position) => page.events[position]!), [page.filtered, page.events]);

  if (picture === 'create-map') {
    return (
      <CreateMapScreen
        incidentID={incidentID}
        mapCount={page.data.maps.length}
        zone={page.timeZone}
        onCreated={() => {
          syncIncident(incidentID).catch((error: unknown) => console.error(`incident ${incidentID} could not be synced`, error));
          void navigate({ to: '/incident/$incidentID/{-$viewName}/type/$visualizationName', params: { incidentID, visualizationName: 'map' } });
        }}
      />
    );
  }
  return (
    <MapPicture
      incidentID={incidentID}
      analystID={acting.settingsAnalystID}
      hasMaps={page.data.maps.length > 0}
      mapIDs={mapIDs}
      events={events}
      selectedEventID={page.viewState.selectedEventIDs[0]}
      onSelectEvent={(eventID) => {
        page.updateViewState({ selectedEventIDs: [eventID] });
        page.audit('select event', { eventID });
      }}
      zone={page.timeZone}
      heightPx={page.settings.visualizationHeight}
      showLabels={settings.displayIncidentMapMarkerLabels}
      mergePoints={settings.mergeMapDataPoints}
      camera={viewState.cameraPosition}
      onCamera={(cameraPosition) => updateViewState({ cameraPosition })}
      createMapLink={
        <Link to="/incident/$incidentID/{-$viewName}/type/$visualizationName" params={{ incidentID, visualizationName: 'create-map' }} className="text-accent underline">
          Create a map from a geo CSV
        </Link>
      }
    />
  );
}
