/* The map sub-route: the map's name and visibility; the globe itself arrives with the map issue. */
import { Checkbox } from '../../../ui/checkbox.tsx';
import { useIncidentPage } from '../incident-page-context.ts';
import { DetailPanel, NotFound } from './detail-panel.tsx';

export function MapDetailPanel({ mapID }: { mapID: number }) {
  const { data, viewState, updateViewState, audit } = useIncidentPage();
  const map = data.maps.find((candidate) => candidate.id === mapID);
  if (!map) return <NotFound kind="map" id={mapID} />;
  return (
    <DetailPanel title={map.name} kind="map">
      <Checkbox
        checked={viewState.incidentMapVisibility[String(map.id)] !== false}
        label="Show this map"
        onCheckedChange={(visible) => {
          const next = { ...viewState.incidentMapVisibility };
          if (visible) delete next[String(map.id)];
          else next[String(map.id)] = false;
          updateViewState({ incidentMapVisibility: next });
          audit('toggle incident map visibility', { mapID: map.id, value: visible });
        }}
      />
      <p className="text-sm text-muted">The map picture is coming with its issue.</p>
    </DetailPanel>
  );
}
