/*
 * Composes the events-over-time series (features/series) with the incident page, under the timeline
 * and the swimlane: the filtered events, the stream colours every picture uses, the incident's time
 * interval (brushing sets it, the toolbar's changes are followed) and the selected event.
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { eventPositionOfID, useFirstFrameDrawn } from '../data/mirror/index.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EventsOverTime } from '../features/series/events-over-time.tsx';

const NO_EVENTS: never[] = [];
const NO_POSITIONS = new Uint32Array(0);

export function EventsOverTimeUnder({
  selectedEventID,
  onPickTime,
}: {
  selectedEventID: number | undefined;
  onPickTime?: (micros: number) => void;
}) {
  const page = useIncidentPage();
  const { data, actorsByID, streamsByID, streamColorIndex, viewState, updateViewState, timeZone } = page;
  // Binned after the picture above is drawn: at a million events the series would hold the main thread
  // while the swimlane's layout comes back from its worker.
  // And, on a swimlane, not before its first frame (first-frame-hold.ts).
  const drawn = useFirstFrameDrawn();
  const events = useDeferredValue(drawn ? page.events : NO_EVENTS);
  // Until the deferred events arrive, the series says it is counting rather than that nothing matches.
  const waiting = !drawn || (events === NO_EVENTS && page.events.length > 0);
  const positions = useDeferredValue(drawn ? page.filtered.positions : NO_POSITIONS);
  const selected = selectedEventID ?? viewState.selectedEventIDs[0];
  const first = data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const lastEvent = events[events.length - 1];
  const last = Math.max(data.incident.lastTimestamp ?? first, lastEvent?.endTimestamp ?? first);
  const interval = viewState.timeInterval;
  const selectedMicros = useMemo(
    () => (selected === undefined ? undefined : events[eventPositionOfID(events, selected)]?.startTimestamp),
    [events, selected],
  );
  const streamName = useCallback((streamID: number) => streamsByID.get(streamID)?.name ?? '', [streamsByID]);
  const colorIndex = useCallback((streamID: number) => streamColorIndex.get(streamID) ?? 0, [streamColorIndex]);
  const actorName = useCallback((actorID: number) => actorsByID.get(actorID)?.name ?? '', [actorsByID]);
  const onInterval = useCallback(
    (timeInterval: { start: number; end: number } | null) => updateViewState({ timeInterval }),
    [updateViewState],
  );
  return (
    <EventsOverTime
      waiting={waiting}
      events={events}
      positions={positions}
      fromMicros={interval?.start ?? first}
      toMicros={interval?.end ?? Math.max(last, first + 1000)}
      wholeFromMicros={first}
      wholeToMicros={Math.max(last, first + 1000)}
      narrowed={interval !== null}
      zone={timeZone}
      selectedEventID={selected}
      selectedMicros={selectedMicros}
      streamName={streamName}
      streamColorIndex={colorIndex}
      actorName={actorName}
      onInterval={onInterval}
      {...(onPickTime ? { onPickTime } : {})}
    />
  );
}
