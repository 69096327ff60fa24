/*
 * Composes the incident's actor charts (features/charts) with the incident page's shown events and
 * the analyst's bot and height settings. A dot selects its event (type/actor-scatter/event/{id});
 * a bar or a circle opens its actor (the actor/{incidentActorID} route).
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import {
  ActorBarChart,
  ActorCircleChart,
  ActorScatterChart,
  type ActorChartProps,
} from '../features/charts/actor-charts.tsx';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { useDisplaySettings } from '../features/settings/use-settings.ts';
import { useFormatTime } from '../ui/use-format-time.ts';
import { useSelectEventIn } from './-use-select-event.ts';
import { useTimeRangeSetter } from './-use-time-range.ts';

export type IncidentChartName = 'actor-bar' | 'actor-scatter' | 'actor-circle';

export function IncidentChart({
  name,
  selectedEventID,
}: {
  name: IncidentChartName;
  selectedEventID: number | undefined;
}) {
  const page = useIncidentPage();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const { events, filtered, data, streamColorIndex, timeZone, incidentID, updateViewState } = page;
  const navigate = useNavigate();
  const onSelectEvent = useSelectEventIn(name);
  const onSelectActor = useCallback(
    (incidentActorID: number) =>
      void navigate({
        to: '/incident/$incidentID/{-$viewName}/actor/$incidentActorID',
        params: { incidentID, incidentActorID },
      }),
    [navigate, incidentID],
  );
  const actors = useMemo(
    () => data.actors.map((actor) => ({ id: actor.id, name: actor.name, isBot: actor.isBot })),
    [data.actors],
  );
  const streams = useMemo(
    () =>
      data.streams
        .filter((stream) => !stream.isMarkerStream)
        .map((stream) => ({ id: stream.id, name: stream.name, colorIndex: streamColorIndex.get(stream.id) ?? 0 })),
    [data.streams, streamColorIndex],
  );
  const formatTime = useFormatTime(timeZone);
  const interval = page.viewState.timeInterval;
  const fromMicros = interval?.start ?? data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const toMicros = Math.max(
    fromMicros + 1,
    interval?.end ?? data.incident.lastTimestamp ?? events[events.length - 1]?.startTimestamp ?? fromMicros,
  );
  const wholeFrom = data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const wholeTo = Math.max(
    wholeFrom + 1,
    data.incident.lastTimestamp ?? events[events.length - 1]?.startTimestamp ?? wholeFrom,
  );
  const wholeRange = useMemo(() => ({ fromMicros: wholeFrom, toMicros: wholeTo }), [wholeFrom, wholeTo]);
  // A pinch or a drag on actor-scatter narrows the time interval as brushing the series does; pinched out to everything, it is the whole incident again.
  const onTimeRange = useTimeRangeSetter(updateViewState, wholeRange);
  const props: ActorChartProps = {
    events,
    positions: filtered.positions,
    actors,
    streams,
    showBots: settings.displayBotsInVisualizations,
    heightPx: page.settings.visualizationHeight,
    fromMicros,
    toMicros,
    formatTime,
    wholeRange,
    onTimeRange,
    selectedEventID: selectedEventID ?? page.viewState.selectedEventIDs[0],
    onSelectEvent,
    onSelectActor,
  };
  if (name === 'actor-bar') return <ActorBarChart {...props} />;
  if (name === 'actor-scatter') return <ActorScatterChart {...props} />;
  return <ActorCircleChart {...props} />;
}
