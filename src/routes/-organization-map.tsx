/*
 * The organization's map: every incident's tracks on the incident map picture (features/maps), the
 * camera kept in the organization's view state, and the organization's timeline under it, marked
 * as the map's clock passes its events.
 */
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { OrganizationEventSources } from '../../domain/organization-events.ts';
import { MapPicture } from '../features/maps/map-picture.tsx';
import type { OrganizationPictureEvents } from '../features/organizations/organization-picture-events.ts';
import { useOrganizationPage } from '../features/organizations/organization-page-context.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { OrganizationTimeline } from './-organization-event-pictures.tsx';
import { useMapView } from './-use-map-view.ts';

const EVENTS_BESIDE_MAP_PX = 240;

export function OrganizationMap({
  maps,
  made,
  selectedEventID,
  onSelectEvent,
}: {
  maps: OrganizationEventSources['maps'];
  made: OrganizationPictureEvents;
  selectedEventID: number | undefined;
  onSelectEvent: (eventID: number) => void;
}) {
  const { organizationID, timeZone } = useOrganizationPage();
  const positions = useMemo(() => Uint32Array.from(made.events.keys()), [made.events]);
  const mapView = useMapView('organization', organizationID, maps, made.events, positions, selectedEventID);
  const createMapLink = (
    <Link
      to="/organization/$organizationID/{-$viewName}/type/$visualizationName"
      params={{ organizationID, visualizationName: 'create-map' }}
      className="text-accent underline"
    >
      Create a map from a geo file
    </Link>
  );
  if (maps.length === 0) {
    return (
      <EmptyState
        picture="map"
        heightPx={mapView.picture.heightPx}
        reason="No incident of this organization has a map yet."
      >
        {createMapLink} (a GPS or flight track: CSV, GPX, KML, GeoJSON, IGC or NMEA); every incident&apos;s tracks then
        show here on one globe.
      </EmptyState>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <MapPicture
        {...mapView.picture}
        incidentID={maps[0]?.incidentID ?? 0}
        hasMaps
        zone={timeZone}
        createMapLink={createMapLink}
      />
      {made.events.length > 0 ? (
        <div className="px-2 pb-2">
          <OrganizationTimeline
            made={made}
            selectedEventID={selectedEventID}
            onSelectEvent={onSelectEvent}
            heightPx={EVENTS_BESIDE_MAP_PX}
            beside={{ label: 'Events at the map time', current: mapView.current }}
          />
        </div>
      ) : null}
    </div>
  );
}
