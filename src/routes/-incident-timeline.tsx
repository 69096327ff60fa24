/*
 * Composes the event-timeline picture (features/timeline) with the incident page's filtered events
 * (features/incident); selecting a row opens the event's detail panel. Also shown under the map
 * picture (`beside`), where the map's clock marks the events the track is passing.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { paletteColor } from '../../domain/color/palette.ts';
import { formatElapsed } from '../../domain/time/format-elapsed.ts';
import { formatMicros } from '../../domain/time/format-micros.ts';
import { renderTimelinePng } from '../render/timeline-png-renderer.ts';
import { firstAtOrAfter } from '../../domain/events/event-filter.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EventTimeline } from '../features/timeline/event-timeline.tsx';
import { EventsOverTimeUnder } from './-events-over-time-under.tsx';
import { useTimeRangeSetter } from './-use-time-range.ts';
import { shownEvents } from './-shown-events.ts';
import type { VisualizationName } from '../../domain/views.ts';
import type { CursorEvents } from '../features/timeline/cursor-events.ts';
import type { TimelineEvent } from '../features/timeline/timeline-types.ts';

/** The timeline as a companion of another picture: its own height and name, selections opening under that picture. */
export interface TimelineBeside {
  visualizationName: VisualizationName;
  heightPx: number;
  label: string;
  current: CursorEvents | undefined;
}

export function IncidentTimeline({
  selectedEventID,
  beside,
}: {
  selectedEventID: number | undefined;
  beside?: TimelineBeside;
}) {
  const page = useIncidentPage();
  const {
    events,
    filtered,
    data,
    annotations,
    actorsByID,
    streamsByID,
    streamColorIndex,
    viewState,
    settings,
    incidentID,
    updateViewState,
    audit,
    registerPicture,
  } = page;
  const navigate = useNavigate();
  const tagColors = new Map(data.tags.filter((tag) => tag.itemType === 'event').map((tag) => [tag.name, tag.color]));
  const hiddenTags = viewState.tagVisibility;
  const rowInfo = (event: TimelineEvent) => ({
    actorName: actorsByID.get(event.actorID)?.name ?? '',
    streamName: streamsByID.get(event.streamID)?.name ?? '',
    colorIndex: streamColorIndex.get(event.streamID) ?? 0,
    tags: (annotations.tagsByEvent.get(event.id) ?? [])
      .filter((name) => hiddenTags[name] !== false)
      .map((name) => ({ name, color: tagColors.get(name) ?? '' })),
  });
  const placeOfTime = useCallback((micros: number) => firstAtOrAfter(events, filtered, micros), [events, filtered]);
  const first = data.incident.firstTimestamp ?? events[0]?.startTimestamp ?? 0;
  const last = data.incident.lastTimestamp ?? events[events.length - 1]?.startTimestamp ?? first;
  const interval = viewState.timeInterval;
  const range = useRef({ first: 0, last: -1 });
  const onRangeChange = useCallback((firstPlace: number, lastPlace: number) => {
    range.current = { first: firstPlace, last: lastPlace };
  }, []);

  // The PNG export draws the rows in view, in the page's current colours.
  useEffect(() => {
    if (beside) return;
    registerPicture({
      name: 'event-timeline',
      toPng: () => {
        const styles = getComputedStyle(document.documentElement);
        const token = (name: string) => styles.getPropertyValue(`--ck-${name}`).trim();
        const scheme = document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
        const rows = [];
        for (let place = range.current.first; place <= range.current.last; place += 1) {
          const event = events[filtered.positions[place] ?? -1];
          if (!event) continue;
          const info = rowInfo(event);
          rows.push({
            time: formatMicros(event.startTimestamp, page.timeZone, 'YYYY-MM-DD HH:mm:ss.SSS'),
            offset: formatElapsed(event.startTimestamp - first),
            actor: info.actorName,
            message: event.message,
            tags: info.tags.map((tag) => tag.name).join(', '),
            color: paletteColor(info.colorIndex, scheme),
            isMarker: event.isMarker,
            highlighted: filtered.highlighted[place] === 1,
          });
        }
        const theme = {
          background: token('panel'),
          ink: token('ink'),
          muted: token('muted'),
          line: token('line'),
          accent: token('accent'),
          highlight: token('warning-bg'),
        };
        return renderTimelinePng(`${data.incident.name} · ${page.timeZone}`, rows, 1200, theme);
      },
    });
    return () => registerPicture(null);
  });
  const [jumpTo, setJumpTo] = useState<{ micros: number } | undefined>(undefined);
  const wholeRange = useMemo(() => ({ fromMicros: first, toMicros: Math.max(last, first + 1) }), [first, last]);
  // A pinch on the list narrows or widens the time interval; pinched out to everything, it is the whole incident again.
  const onTimeRange = useTimeRangeSetter(updateViewState, wholeRange);
  const timeline = (
    <EventTimeline
      {...shownEvents(events, filtered)}
      rowInfo={rowInfo}
      zone={page.timeZone}
      firstMicros={interval?.start ?? first}
      lastMicros={interval?.end ?? last}
      showOffset={settings.displayTimelineEventOffset}
      truncate={settings.truncateTimelineEventMessages}
      heightPx={beside?.heightPx ?? settings.visualizationHeight}
      current={beside?.current}
      label={beside?.label}
      jumpTo={jumpTo}
      wholeRange={wholeRange}
      onTimeRange={onTimeRange}
      selectedEventID={selectedEventID ?? viewState.selectedEventIDs[0]}
      placeOfTime={placeOfTime}
      onRangeChange={onRangeChange}
      onSelectEvent={(eventID) => {
        updateViewState({ selectedEventIDs: [eventID] });
        audit('select event', { eventID });
        void navigate({
          to: '/incident/$incidentID/{-$viewName}/type/$visualizationName/event/$eventID',
          params: { incidentID, visualizationName: beside?.visualizationName ?? 'event-timeline', eventID },
        });
      }}
    />
  );
  if (beside) return timeline;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      {timeline}
      <EventsOverTimeUnder selectedEventID={selectedEventID} onPickTime={(micros) => setJumpTo({ micros })} />
    </div>
  );
}
