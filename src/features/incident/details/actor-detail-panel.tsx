/* The actor sub-route: who it is, how much they said, and their events. */
import { useMemo } from 'react';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { useIncidentPage } from '../incident-page-context.ts';
import { DetailPanel, NotFound } from './detail-panel.tsx';
import { Facts } from '../../../ui/facts.tsx';
import { EventList } from './event-list.tsx';
import { LinkedOrganizationActor } from '../linked-organization-actor.tsx';

const LIST_LIMIT = 200;

export function ActorDetailPanel({ actorID }: { actorID: number }) {
  const { data, events, viewState, updateViewState, audit } = useIncidentPage();
  const actor = data.actors.find((candidate) => candidate.id === actorID);
  const own = useMemo(() => events.filter((event) => event.actorID === actorID && !event.isMarker), [events, actorID]);
  if (!actor) return <NotFound kind="actor" id={actorID} />;
  const hidden = viewState.hiddenActorLanes.includes(actor.id);
  return (
    <DetailPanel title={actor.name} kind="actor">
      <Facts
        rows={[
          ['Kind', actor.isBot ? 'bot' : 'human'],
          ['Events', actor.eventCount.toLocaleString('en')],
          [
            'Organization actor',
            <LinkedOrganizationActor actor={actor} unlinked="not linked">
              open
            </LinkedOrganizationActor>,
          ],
        ]}
      />
      <Checkbox
        checked={!hidden}
        label="Show this actor's events"
        onCheckedChange={(visible) => {
          updateViewState({
            hiddenActorLanes: visible
              ? viewState.hiddenActorLanes.filter((id) => id !== actor.id)
              : [...viewState.hiddenActorLanes, actor.id],
          });
          audit('toggle actor visibility', { value: { actorID: actor.id, visible } });
        }}
      />
      <EventList label={`Events of ${actor.name}`} events={own.slice(0, LIST_LIMIT)} />
      {own.length > LIST_LIMIT ? (
        <p className="text-sm text-muted">
          The first {LIST_LIMIT} of {own.length.toLocaleString('en')} events; the events view lists them all.
        </p>
      ) : null}
    </DetailPanel>
  );
}
