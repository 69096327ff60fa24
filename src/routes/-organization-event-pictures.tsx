/*
 * The organization's timeline, swimlane and actor charts: the incident pictures' components given
 * all the organization's events, a column per organization actor, and the incident in place of the
 * stream (its name in the stream column, its colour on each event). What they show passes the
 * organization's own filters (its filter bar: time interval, incidents, actor, search term).
 */
import { useCallback, useMemo } from 'react';
import { firstAtOrAfter } from '../../domain/events/event-filter.ts';
import { formatElapsed } from '../../domain/time/format-elapsed.ts';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import {
  ActorBarChart,
  ActorCircleChart,
  ActorScatterChart,
  type ActorChartProps,
} from '../features/charts/actor-charts.tsx';
import type { OrganizationPictureEvents } from '../features/organizations/organization-picture-events.ts';
import { useOrganizationShown } from './-organization-filter.ts';
import { useOrganizationPage } from '../features/organizations/organization-page-context.ts';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';
import { SwimlanePicture } from '../features/swimlane/swimlane-picture.tsx';
import { EventTimeline } from '../features/timeline/event-timeline.tsx';
import type { CursorEvents } from '../features/timeline/cursor-events.ts';
import type { TimelineEvent } from '../features/timeline/timeline-types.ts';
import { useFormatTime } from '../ui/use-format-time.ts';
import { columnsPatch, swimlaneOptionsOf } from './-swimlane-view-state.ts';
import { useTimeRangeSetter } from './-use-time-range.ts';
import { shownEvents } from './-shown-events.ts';

export interface OrganizationPictureProps {
  made: OrganizationPictureEvents;
  selectedEventID: number | undefined;
  onSelectEvent: (eventID: number) => void;
  heightPx: number;
}

/** The events the organization's filter bar lets through (features/organizations/organization-filter-bar.tsx). */
function useShown(made: OrganizationPictureEvents, apply = true) {
  const { organizationID } = useOrganizationPage();
  return useOrganizationShown(organizationID, made.events, apply);
}

function useLookups(made: OrganizationPictureEvents) {
  return useMemo(
    () => ({
      columnNames: new Map(made.columns.map((column) => [column.id, column.name])),
      groupNames: new Map(made.groups.map((group) => [group.id, group.name])),
      groupColors: new Map(made.groups.map((group) => [group.id, group.colorIndex])),
    }),
    [made],
  );
}

export function OrganizationTimeline({
  made,
  selectedEventID,
  onSelectEvent,
  heightPx,
  beside,
}: OrganizationPictureProps & { beside?: { label: string; current: CursorEvents | undefined } }) {
  const { timeZone } = useOrganizationPage();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  // Beside the map the timeline shows every event: the filters do not reach the map's tracks.
  const shown = useShown(made, beside === undefined);
  const lookups = useLookups(made);
  const rowInfo = useCallback(
    (event: TimelineEvent) => ({
      actorName: lookups.columnNames.get(event.actorID) ?? '',
      streamName: lookups.groupNames.get(event.streamID) ?? '',
      colorIndex: lookups.groupColors.get(event.streamID) ?? 0,
      tags: [],
    }),
    [lookups],
  );
  const placeOfTime = useCallback(
    (micros: number) => firstAtOrAfter(made.events, shown.filtered, micros),
    [made.events, shown.filtered],
  );
  return (
    <EventTimeline
      {...shownEvents(made.events, shown.filtered)}
      rowInfo={rowInfo}
      zone={timeZone}
      firstMicros={shown.first}
      lastMicros={shown.last}
      showOffset={settings.displayTimelineEventOffset}
      truncate={settings.truncateTimelineEventMessages}
      heightPx={heightPx}
      selectedEventID={selectedEventID}
      onSelectEvent={onSelectEvent}
      placeOfTime={placeOfTime}
      label={beside?.label ?? "Events of the organization's incidents in time order"}
      current={beside?.current}
    />
  );
}

export function OrganizationSwimlane({ made, selectedEventID, onSelectEvent, heightPx }: OrganizationPictureProps) {
  const { organizationID, timeZone } = useOrganizationPage();
  const [viewState, updateState] = useViewState('organization', organizationID);
  const shown = useShown(made);
  const lookups = useLookups(made);
  const actors = useMemo(() => made.columns.map((column) => ({ id: column.id, name: column.name })), [made.columns]);
  const bounds = useMemo(() => ({ fromMicros: shown.first, toMicros: shown.last }), [shown]);
  const options = swimlaneOptionsOf(viewState, false);
  const formatTime = useFormatTime(timeZone);
  const formatOffset = useCallback((micros: number) => formatElapsed(micros, 3), []);
  const noThread = useCallback(() => undefined, []);
  // The organization has no event-group route: a group opens its first event.
  const onOpenGroup = useCallback(
    (eventIDs: number[]) => eventIDs[0] !== undefined && onSelectEvent(eventIDs[0]),
    [onSelectEvent],
  );
  return (
    <SwimlanePicture
      {...shownEvents(made.events, shown.filtered)}
      actors={actors}
      columnOrder={viewState.actorColumnOrder}
      hiddenColumnIDs={viewState.hiddenActorLanes}
      streamColorIndex={lookups.groupColors}
      streamNames={lookups.groupNames}
      hiddenStreamIDs={EMPTY_IDS}
      bounds={bounds}
      heightPx={heightPx}
      options={options}
      onOptionsChange={(patch) => updateState(patch)}
      onColumnsChange={(change) => updateState(columnsPatch(change))}
      selectedEventID={selectedEventID}
      onSelectEvent={onSelectEvent}
      onOpenGroup={onOpenGroup}
      formatTime={formatTime}
      formatElapsed={formatOffset}
      threadOf={noThread}
    />
  );
}

const EMPTY_IDS: ReadonlySet<number> = new Set();

export function OrganizationActorChart({
  name,
  made,
  heightPx,
}: OrganizationPictureProps & { name: 'actor-bar' | 'actor-circle' | 'actor-scatter' }) {
  const { timeZone, organizationID } = useOrganizationPage();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const shown = useShown(made);
  const streams = useMemo(
    () => made.groups.map((group) => ({ id: group.id, name: group.name, colorIndex: group.colorIndex })),
    [made.groups],
  );
  const formatTime = useFormatTime(timeZone);
  // A pinch or a drag on actor-scatter sets the organization's time interval, as its filter bar does.
  const whole = useShown(made, false);
  const wholeRange = useMemo(() => ({ fromMicros: whole.first, toMicros: whole.last }), [whole.first, whole.last]);
  const [, updateViewState] = useViewState('organization', organizationID);
  const onTimeRange = useTimeRangeSetter(updateViewState, wholeRange);
  const props: ActorChartProps = {
    events: made.events,
    positions: shown.filtered.positions,
    actors: made.columns,
    streams,
    showBots: settings.displayBotsInVisualizations,
    heightPx,
    fromMicros: shown.first,
    toMicros: shown.last,
    formatTime,
    wholeRange,
    onTimeRange,
  };
  if (name === 'actor-bar') return <ActorBarChart {...props} />;
  if (name === 'actor-scatter') return <ActorScatterChart {...props} />;
  return <ActorCircleChart {...props} />;
}
