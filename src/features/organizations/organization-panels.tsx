/* Detail panels of an organization's sub-routes: an actor, an incident, the incidents of a tag. */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ViewName, VisualizationName } from '../../../domain/views.ts';
import { DetailAside } from '../../ui/detail-aside.tsx';
import { DetailSheet } from '../../ui/detail-sheet.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOrganizationPage } from './organization-page-context.ts';
import { IncidentLink } from '../../ui/entity-link.tsx';

/** What closing a panel goes back to: the picture it was opened from, or the organization's view. */
function useCloseTarget(organizationID: number) {
  const params: { visualizationName?: VisualizationName; viewName?: ViewName } = useParams({ strict: false });
  return params.visualizationName !== undefined
    ? ({
        to: '/organization/$organizationID/{-$viewName}/type/$visualizationName',
        params: { organizationID, visualizationName: params.visualizationName },
      } as const)
    : ({
        to: '/organization/$organizationID/{-$viewName}',
        params: { organizationID, viewName: params.viewName },
      } as const);
}

function useClosePanel(): () => void {
  const { organizationID } = useOrganizationPage();
  const target = useCloseTarget(organizationID);
  const navigate = useNavigate();
  return () => void navigate(target);
}

/** On a tablet (below 1200 px) a panel is a sheet over the picture, which keeps the width; Escape closes it. */
export function OrganizationPanelSheet({
  kind,
  title,
  children,
}: {
  kind: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const close = useClosePanel();
  return (
    <DetailSheet kind={kind} title={title} onClose={close} className="gap-2">
      {children}
    </DetailSheet>
  );
}

function Panel({ kind, title, children }: { kind: string; title: string; children: ReactNode }) {
  const { organizationID } = useOrganizationPage();
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <OrganizationPanelSheet kind={kind} title={title}>
        {children}
      </OrganizationPanelSheet>
    );
  }
  return (
    <DetailAside
      kind={kind}
      title={title}
      className="w-96 gap-2"
      close={<ClosePanel kind={kind} organizationID={organizationID} />}
    >
      {children}
    </DetailAside>
  );
}

/** A panel whose route names something this organization does not hold (an old link, a typo). */
function MissingPanel({ kind, title, id }: { kind: string; title: string; id: number }) {
  return (
    <Panel kind={kind} title={`${title} ${id}`}>
      <p role="alert" className="text-muted">
        This organization has no {kind} {id}.
      </p>
    </Panel>
  );
}

export function OrganizationActorPanel({ actorID }: { actorID: number }) {
  const { mirror } = useOrganizationPage();
  const actor = mirror.actors.find((candidate) => candidate.id === actorID);
  if (!actor) return <MissingPanel kind="actor" title="Actor" id={actorID} />;
  return (
    <Panel kind="actor" title={actor.displayName}>
      <Facts
        rows={[
          ['Kind', actor.isBot ? 'bot' : 'human'],
          ['Since', actor.startDate || '—'],
          ['Incidents', actor.incidentCount],
        ]}
      />
      <p className="break-words whitespace-pre-wrap">{actor.description}</p>
    </Panel>
  );
}

export function OrganizationIncidentPanel({ incidentID }: { incidentID: number }) {
  const { mirror, timeZone } = useOrganizationPage();
  const incident = mirror.incidents.find((candidate) => candidate.id === incidentID);
  if (!incident) return <MissingPanel kind="incident" title="Incident" id={incidentID} />;
  return (
    <Panel kind="incident" title={incident.name}>
      <p className="break-words text-muted">{incident.description}</p>
      <Facts
        rows={[
          [
            'Starts',
            incident.firstTimestamp !== null ? <Timestamp micros={incident.firstTimestamp} zone={timeZone} /> : '—',
          ],
          ['Events', incident.counts.events.toLocaleString('en')],
          ['Streams', incident.counts.streams],
          ['People', incident.counts.humanActorCount],
        ]}
      />
      <Link to="/incident/$incidentID" params={{ incidentID }} className="text-accent hover:underline">
        Open the incident
      </Link>
    </Panel>
  );
}

export function OrganizationTagPanel({ tagName }: { tagName: string }) {
  const { mirror } = useOrganizationPage();
  const incidents = mirror.incidents.filter((incident) => incident.incidentTags.includes(tagName));
  return (
    <Panel kind="tag" title={tagName}>
      <ul className="flex flex-col gap-1" aria-label={`Incidents tagged ${tagName}`}>
        {incidents.map((incident) => (
          <li key={incident.id}>
            <IncidentLink incidentID={incident.id} look="plain">
              {incident.name}
            </IncidentLink>
          </li>
        ))}
        {incidents.length === 0 ? <li className="text-muted">No incident carries this tag.</li> : null}
      </ul>
    </Panel>
  );
}

/** Closing a panel opened from a picture goes back to that picture, not to the incident list. */
export function ClosePanel({ kind, organizationID }: { kind: string; organizationID: number }) {
  const target = useCloseTarget(organizationID);
  return (
    <Link {...target} aria-label={`Close the ${kind} details`} className="rounded px-2 py-0.5 hover:bg-raised">
      ✕
    </Link>
  );
}
