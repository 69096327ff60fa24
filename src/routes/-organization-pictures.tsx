/*
 * The incident pictures under an organization (PRODUCT.md: every incident of it the analyst may read,
 * on one axis): the events of all its incidents are read from the server, shaped like an incident's
 * (features/organizations), and handed to the same picture components. One hover cursor per
 * organization page; selecting an event opens …/type/{name}/event/{eventID}.
 */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { countNoun } from '../../domain/count-noun.ts';
import { createTimeCursorStore, TimeCursorContext } from '../data/time-cursor.ts';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { IncidentChooser } from '../features/organizations/incident-chooser.tsx';
import { OrganizationFilterBar } from '../features/organizations/organization-filter-bar.tsx';
import { useOrganizationFilter, useOrganizationShown } from './-organization-filter.ts';
import {
  organizationPictureEvents,
  type OrganizationPictureEvents,
} from '../features/organizations/organization-picture-events.ts';
import { useOrganizationPage } from '../features/organizations/organization-page-context.ts';
import { ORGANIZATION_EVENT_CAP, useOrganizationEvents } from '../features/organizations/use-organization-events.ts';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import {
  OrganizationActorChart,
  OrganizationSwimlane,
  OrganizationTimeline,
  type OrganizationPictureProps,
} from './-organization-event-pictures.tsx';
import { OrganizationMap } from './-organization-map.tsx';
import { EVENT_PICTURES } from '../ui/picture-labels.ts';

/** An organization draws every event picture an incident does, from all its incidents' events. */
export const ORGANIZATION_EVENT_PICTURES = EVENT_PICTURES;
export type OrganizationEventPictureName = (typeof ORGANIZATION_EVENT_PICTURES)[number];

export function OrganizationPicture({ name }: { name: OrganizationEventPictureName | 'create-map' }) {
  const { organizationID, mirror } = useOrganizationPage();
  const navigate = useNavigate();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  if (mirror.incidents.length === 0) {
    return (
      <EmptyState
        picture={name}
        heightPx={settings.visualizationHeight}
        reason="This organization has no incidents yet, so there is nothing to draw."
      >
        <Link
          to="/organization/$organizationID/incident/new"
          params={{ organizationID }}
          className="text-accent underline"
        >
          Add an incident
        </Link>{' '}
        and import its evidence; its events then show here beside the other incidents&apos;.
      </EmptyState>
    );
  }
  if (name === 'create-map') {
    return (
      <IncidentChooser
        incidents={mirror.incidents}
        onChoose={(incidentID) =>
          void navigate({
            to: '/incident/$incidentID/{-$viewName}/type/$visualizationName',
            params: { incidentID, visualizationName: 'create-map' },
          })
        }
      />
    );
  }
  return <LoadedOrganizationPicture name={name} />;
}

function LoadedOrganizationPicture({ name }: { name: OrganizationEventPictureName }) {
  const { organizationID, mirror } = useOrganizationPage();
  const state = useOrganizationEvents(organizationID, mirror.incidents.length);
  const [timeCursor] = useState(createTimeCursorStore);
  const made = useMemo(
    () =>
      state.phase === 'loaded'
        ? organizationPictureEvents(state.sources, state.rows, mirror.incidents, mirror.actors)
        : undefined,
    [state, mirror.incidents, mirror.actors],
  );
  if (state.phase === 'error') {
    return (
      <p role="alert" className="text-danger">
        The events of this organization&apos;s incidents could not be loaded: {state.message}. Reload the page to try
        again.
      </p>
    );
  }
  if (state.phase === 'loading' || !made) {
    const loaded = state.phase === 'loading' ? state.loaded : 0;
    const total = state.phase === 'loading' ? state.total : undefined;
    return (
      <div role="status" className="flex flex-col gap-2 text-sm text-muted" data-picture-loading={name}>
        <span>
          Loading the events of {mirror.incidents.length === 1 ? '1 incident' : `${mirror.incidents.length} incidents`}:{' '}
          {loaded.toLocaleString('en')}
          {total !== undefined ? ` of ${Math.min(total, ORGANIZATION_EVENT_CAP).toLocaleString('en')}` : ''}
        </span>
        <ProgressBar value={loaded} max={total} label="Loading events" className="w-60" />
      </div>
    );
  }
  return (
    <TimeCursorContext.Provider value={timeCursor}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {state.capped ? (
          <p className="text-sm text-muted">
            Showing the first {ORGANIZATION_EVENT_CAP.toLocaleString('en')} of{' '}
            {state.sources.eventCount.toLocaleString('en')} events. Open an incident to see all of its events.
          </p>
        ) : null}
        {name !== 'map' && made.events.length > 0 ? <OrganizationFilters made={made} /> : null}
        <PictureOf
          name={name}
          made={made}
          maps={state.sources.maps}
          firstWithoutActor={state.rows.find((row) => row.actorID === 0 && !row.isMarker)}
        />
      </div>
    </TimeCursorContext.Provider>
  );
}

function OrganizationFilters({ made }: { made: OrganizationPictureEvents }) {
  const { organizationID, timeZone } = useOrganizationPage();
  const shown = useOrganizationShown(organizationID, made.events);
  const whole = useOrganizationShown(organizationID, made.events, false);
  const { fields, update } = useOrganizationFilter(organizationID);
  return (
    <OrganizationFilterBar
      fields={fields}
      update={update}
      zone={timeZone}
      incidents={made.groups}
      actors={made.columns}
      shownCount={shown.filtered.count}
      totalCount={made.events.length}
      bounds={{ first: whole.first, last: whole.last }}
    />
  );
}

function PictureOf({
  name,
  made,
  maps,
  firstWithoutActor,
}: {
  name: OrganizationEventPictureName;
  made: OrganizationPictureEvents;
  maps: Parameters<typeof OrganizationMap>[0]['maps'];
  firstWithoutActor: { incidentID: number; streamID: number } | undefined;
}) {
  const { organizationID } = useOrganizationPage();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const [viewState, updateViewState] = useViewState('organization', organizationID);
  const navigate = useNavigate();
  const params: { eventID?: number } = useParams({ strict: false });
  const selectedEventID = params.eventID ?? viewState.selectedEventIDs[0];
  const onSelectEvent = useCallback(
    (eventID: number) => {
      updateViewState({ selectedEventIDs: [eventID] });
      void navigate({
        to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/event/$eventID',
        params: { organizationID, visualizationName: name, eventID },
      });
    },
    [updateViewState, navigate, organizationID, name],
  );
  const heightPx = settings.visualizationHeight;
  if (name === 'map')
    return <OrganizationMap maps={maps} made={made} selectedEventID={selectedEventID} onSelectEvent={onSelectEvent} />;
  if (made.events.length === 0) {
    return (
      <EmptyState picture={name} heightPx={heightPx} reason="The incidents of this organization have no events yet.">
        Open an incident and add a stream from a file (a log, a chat export, a HAR capture): its events show here beside
        the other incidents&apos;.
      </EmptyState>
    );
  }
  const props: OrganizationPictureProps = { made, selectedEventID, onSelectEvent, heightPx };
  if (name === 'event-timeline') return <OrganizationTimeline {...props} />;
  if (made.columns.length === 0) {
    return (
      <EmptyState
        picture={name}
        heightPx={heightPx}
        reason="These events have no actor: choose an actor column in the stream's import settings."
      >
        {firstWithoutActor ? (
          <Link
            to="/incident/$incidentID/{-$viewName}/stream/$streamID"
            params={{ incidentID: firstWithoutActor.incidentID, streamID: firstWithoutActor.streamID }}
            className="text-accent underline"
          >
            Open a stream without actors
          </Link>
        ) : null}{' '}
        The event timeline shows these events meanwhile.
      </EmptyState>
    );
  }
  const picture =
    name === 'swimlane' ? <OrganizationSwimlane {...props} /> : <OrganizationActorChart name={name} {...props} />;
  if (made.withoutActor === 0) return picture;
  return (
    <>
      <p role="note" className="text-sm text-muted" data-events-without-actor={made.withoutActor}>
        {countNoun(made.withoutActor, 'event')} of these incidents have no actor and are not drawn here: choose an actor
        column in their streams&apos; import settings.
      </p>
      {picture}
    </>
  );
}
