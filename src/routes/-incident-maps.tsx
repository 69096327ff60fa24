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
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { CreateMapScreen } from '../features/maps/create-map-screen.tsx';
import { MapPicture } from '../features/maps/map-picture.tsx';
import type { GlobeTrack } from '../render/map/globe-track.ts';
import { TrackTelemetry } from '../features/series/track-telemetry.tsx';
import { unitSystemOf } from '../../domain/geo/track-telemetry.ts';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';
import { cursorEvents } from '../features/timeline/cursor-events.ts';
import { IncidentTimeline } from './-incident-timeline.tsx';

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
  const acting = useActingAnalyst();
  const navigate = useNavigate();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const [viewState, updateViewState] = useViewState('incident', page.incidentID);
  const { incidentID } = page;
  const shownMaps = useMemo(
    () => page.data.maps.filter((map) => page.viewState.incidentMapVisibility[String(map.id)] !== false),
    [page.data.maps, page.viewState.incidentMapVisibility],
  );
  const [cursorMicros, setCursorMicros] = useState<number | undefined>(undefined);
  const current = useMemo(
    () => cursorEvents(page.events, page.filtered.positions, cursorMicros),
    [page.events, page.filtered, cursorMicros],
  );
  const selected = selectedEventID ?? page.viewState.selectedEventIDs[0];
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
  const selectedEventMicros = useMemo(
    () => (selected === undefined ? undefined : page.events.find((event) => event.id === selected)?.startTimestamp),
    [page.events, selected],
  );

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
      incidentID={incidentID}
      analystID={acting.settingsAnalystID}
      hasMaps={hasMaps}
      maps={shownMaps}
      selectedEventID={selected}
      selectedEventMicros={selectedEventMicros}
      onCursor={setCursorMicros}
      onTracks={setTracks}
      zone={page.timeZone}
      heightPx={page.settings.visualizationHeight}
      showLabels={settings.displayIncidentMapMarkerLabels}
      mergePoints={settings.mergeMapDataPoints}
      camera={viewState.cameraPosition}
      onCamera={(cameraPosition) => updateViewState({ cameraPosition })}
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
            clockMicros={cursorMicros}
            selectedEventID={selected}
            selectedMicros={selectedEventMicros}
          />
        </div>
      ) : null}
      <div className="px-2 pb-2">
        {page.events.length === 0 ? (
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
              current,
            }}
          />
        )}
      </div>
    </div>
  );
}
