/*
 * The map sub-route (/incident/{id}/map/{mapID}): the map's colour, symbol, point count and time span
 * as the mirror holds them, whether it is shown, and links to the map picture (where it replays with
 * the events) and to making another map.
 */
import { Link } from '@tanstack/react-router';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Timestamp } from '../../../ui/timestamp.tsx';
import { useIncidentPage } from '../incident-page-context.ts';
import { DetailPanel, NotFound } from './detail-panel.tsx';

const SYMBOL_GLYPHS = { circle: '●', airplane: '✈', rocket: '🚀' } as const;

export function MapDetailPanel({ mapID }: { mapID: number }) {
  const { incidentID, data, viewState, updateViewState, audit, timeZone } = useIncidentPage();
  const map = data.maps.find((candidate) => candidate.id === mapID);
  if (!map) return <NotFound kind="map" id={mapID} />;
  return (
    <DetailPanel title={map.name} kind="map">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Track</dt>
        <dd className="flex items-center gap-1.5">
          <span
            className="inline-block size-3 rounded-full border border-line"
            style={{ backgroundColor: map.colour }}
            aria-hidden
          />
          <span>
            {map.colour} · {SYMBOL_GLYPHS[map.icon]} {map.icon}
          </span>
        </dd>
        <dt className="text-muted">Points</dt>
        <dd className="tabular-nums">{map.validPointCount.toLocaleString('en')}</dd>
        {map.firstTimestamp !== null && map.lastTimestamp !== null ? (
          <>
            <dt className="text-muted">From</dt>
            <dd className="tabular-nums">
              <Timestamp micros={map.firstTimestamp} zone={timeZone} />
            </dd>
            <dt className="text-muted">To</dt>
            <dd className="tabular-nums">
              <Timestamp micros={map.lastTimestamp} zone={timeZone} />
            </dd>
          </>
        ) : null}
      </dl>
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
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          to="/incident/$incidentID/{-$viewName}/type/$visualizationName"
          params={{ incidentID, visualizationName: 'map' }}
          className="text-accent underline"
        >
          Replay on the map
        </Link>
        <Link
          to="/incident/$incidentID/{-$viewName}/type/$visualizationName"
          params={{ incidentID, visualizationName: 'create-map' }}
          className="text-accent underline"
        >
          Create another map
        </Link>
      </div>
    </DetailPanel>
  );
}
