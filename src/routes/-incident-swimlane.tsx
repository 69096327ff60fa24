/*
 * Composes the swimlane picture (features/swimlane) with the incident page (filtered events,
 * actors, streams, selection) and the per-incident view state (column order, hidden columns and
 * the swimlane's options). Selecting an event opens type/swimlane/event/{eventID}; a group opens
 * the event-group route with the swimlane still shown.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { formatElapsed } from '../../domain/time/format-elapsed.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { useViewState } from '../features/settings/use-settings.ts';
import { SwimlanePicture } from '../features/swimlane/swimlane-picture.tsx';
import type { ReplyThread } from '../features/swimlane/swimlane-reply-thread.tsx';
import { EventsOverTimeUnder } from './-events-over-time-under.tsx';
import { useFormatTime } from '../ui/use-format-time.ts';
import { columnsPatch, swimlaneOptionsOf } from './-swimlane-view-state.ts';
import { useSelectEventIn } from './-use-select-event.ts';
import { shownEvents } from './-shown-events.ts';
import { useSwimlaneFrameView } from './-swimlane-frame-view.ts';
import { eventsListRevision } from '../data/mirror/index.ts';

export function IncidentSwimlane({ selectedEventID }: { selectedEventID: number | undefined }) {
  const page = useIncidentPage();
  const { incidentID, events, filtered, data, actorsByID, streamColorIndex, settings, timeZone, audit } = page;
  const [viewState, updateState] = useViewState('incident', incidentID);
  const navigate = useNavigate();

  const actors = useMemo(() => data.actors.map((actor) => ({ id: actor.id, name: actor.name })), [data.actors]);
  const streamNames = useMemo(() => new Map(data.streams.map((stream) => [stream.id, stream.name])), [data.streams]);
  const hiddenStreamIDs = useMemo(
    () =>
      new Set(
        Object.entries(viewState.streamVisibility)
          .filter(([, visible]) => !visible)
          .map(([id]) => Number(id)),
      ),
    [viewState.streamVisibility],
  );
  const interval = viewState.timeInterval;
  const first = interval?.start ?? data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const lastEvent = events[events.length - 1];
  const last = interval?.end ?? Math.max(data.incident.lastTimestamp ?? first, lastEvent?.endTimestamp ?? first);
  const bounds = useMemo(() => ({ fromMicros: first, toMicros: Math.max(first + 1000, last) }), [first, last]);

  const options = swimlaneOptionsOf(viewState, true);

  const selected = selectedEventID ?? viewState.selectedEventIDs[0];
  const thread = useMemo((): ReplyThread | undefined => {
    const collection =
      selected === undefined
        ? undefined
        : data.collections.find((item) => item.isThread && item.threadEventID === selected);
    if (!collection) return undefined;
    const wanted = new Set(collection.eventIDs);
    const replies = events
      .filter((event) => wanted.has(event.id))
      .map((event) => ({
        id: event.id,
        startTimestamp: event.startTimestamp,
        actorName: actorsByID.get(event.actorID)?.name ?? '',
        message: event.message,
      }));
    return { name: collection.name, replies };
  }, [selected, data.collections, events, actorsByID]);
  const threadOf = useCallback((eventID: number) => (eventID === selected ? thread : undefined), [selected, thread]);

  const formatTime = useFormatTime(timeZone);
  const formatOffset = useCallback((micros: number) => formatElapsed(micros, 3), []);

  const frameView = useSwimlaneFrameView();
  const lastFrame = useMemo(
    () => ({ incidentID, view: frameView, listRevision: eventsListRevision(events) }),
    [incidentID, frameView, events],
  );

  const onSelectEvent = useSelectEventIn('swimlane');
  const onOpenGroup = useCallback(
    (eventIDs: number[]) => {
      if (eventIDs.length === 0) return;
      void navigate({
        to: '/incident/$incidentID/{-$viewName}/event-group/$eventIDs',
        params: { incidentID, viewName: 'swimlane', eventIDs },
      });
    },
    [navigate, incidentID],
  );

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <SwimlanePicture
        {...shownEvents(events, filtered)}
        actors={actors}
        columnOrder={viewState.actorColumnOrder}
        hiddenColumnIDs={viewState.hiddenActorLanes}
        streamColorIndex={streamColorIndex}
        streamNames={streamNames}
        hiddenStreamIDs={hiddenStreamIDs}
        bounds={bounds}
        heightPx={settings.visualizationHeight}
        options={options}
        onOptionsChange={(patch) => {
          if (patch.inlineReplyThreadEventID) audit('open reply thread', { eventID: patch.inlineReplyThreadEventID });
          updateState(patch);
        }}
        onColumnsChange={(change) => updateState(columnsPatch(change))}
        selectedEventID={selected}
        onSelectEvent={onSelectEvent}
        onOpenGroup={onOpenGroup}
        formatTime={formatTime}
        formatElapsed={formatOffset}
        threadOf={threadOf}
        lastFrame={lastFrame}
      />
      <EventsOverTimeUnder selectedEventID={selected} />
    </div>
  );
}
