/*
 * Composes the map pictures (features/maps) with the incident page: create-map (saving opens the new
 * map and refreshes the mirror's list of maps) and map (the visible maps, the analyst's label and
 * merge settings, the camera kept in the incident's view state) over the incident's event timeline,
 * linked both ways: the map's clock marks the events the track is passing, and selecting an event
 * moves the clock to it.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { syncIncident } from '../data/mirror/index.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { CreateMapScreen } from '../features/maps/create-map-screen.tsx';
import { MapPicture } from '../features/maps/map-picture.tsx';
import type { GlobeTrack } from '../render/map/globe-track.ts';
import { TrackTelemetry } from '../features/series/track-telemetry.tsx';
import { unitSystemOf } from '../../domain/geo/track-telemetry.ts';
import { IncidentTimeline } from './-incident-timeline.tsx';
import { useMapView } from './-use-map-view.ts';

/** The events list under the globe: room for about eight rows. */
const EVENTS_BESIDE_MAP_PX = 240;

export function IncidentMaps({
  picture,
  selectedEventID,
}: {
  picture: 'create-map' | 'map';
  selectedEventID: number | undefined;
}) {
  const page = useIncidentPage();
  const navigate = useNavigate();
  const { incidentID } = page;
  const selected = selectedEventID ?? page.viewState.selectedEventIDs[0];
  const mapView = useMapView('incident', incidentID, page.data.maps, page.events, page.filtered.positions, selected);
  const [tracks, setTracks] = useState<readonly GlobeTrack[]>([]);
  const telemetryMaps = useMemo(() => {
    return tracks.map((track) => ({
      id: track.id,
      name: track.name,
      colour: track.colour,
      points: track.points,
      unitSystem: unitSystemOf({ icon: track.icon }),
    }));
  }, [tracks]);

  if (picture === 'create-map') {
    return (
      <CreateMapScreen
        incidentID={incidentID}
        mapCount={page.data.maps.length}
        zone={page.timeZone}
        onCreated={(map) => {
          page.audit('create map', {
            mapID: map.id,
            value: { name: map.name, validPointCount: map.validPointCount, invalidItemCount: map.invalidItemCount },
          });
          syncIncident(incidentID).catch((error: unknown) =>
            console.error(`incident ${incidentID} could not be synced`, error),
          );
          void navigate({
            to: '/incident/$incidentID/{-$viewName}/type/$visualizationName',
            params: { incidentID, visualizationName: 'map' },
          });
        }}
      />
    );
  }
  const hasMaps = page.data.maps.length > 0;
  const mapPicture = (
    <MapPicture
      {...mapView.picture}
      incidentID={incidentID}
      hasMaps={hasMaps}
      onTracks={setTracks}
      zone={page.timeZone}
      createMapLink={
        <Link
          to="/incident/$incidentID/{-$viewName}/type/$visualizationName"
          params={{ incidentID, visualizationName: 'create-map' }}
          className="text-accent underline"
        >
          Create a map from a geo CSV
        </Link>
      }
    />
  );
  if (!hasMaps) return mapPicture;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {mapPicture}
      {telemetryMaps.length > 0 ? (
        <div className="px-2">
          <TrackTelemetry
            maps={telemetryMaps}
            zone={page.timeZone}
            clockMicros={mapView.cursorMicros}
            selectedEventID={selected}
            selectedMicros={mapView.selectedEventMicros}
          />
        </div>
      ) : null}
      <div className="px-2 pb-2">
        {!page.eventsRead ? (
          <p role="status" className="text-sm text-muted">
            Loading events…
          </p>
        ) : page.events.length === 0 ? (
          <p className="text-sm text-muted">
            This incident has no events yet. Its events and markers are listed here, and marked as the track passes
            them.
          </p>
        ) : (
          <IncidentTimeline
            selectedEventID={selected}
            beside={{
              visualizationName: 'map',
              heightPx: EVENTS_BESIDE_MAP_PX,
              label: 'Events at the map time',
              current: mapView.current,
            }}
          />
        )}
      </div>
    </div>
  );
}
