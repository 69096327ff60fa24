/* An incident actor's organization actor (in the incident's organization) as a link, for the actor's panel and the actors view. */
import type { ReactNode } from 'react';
import { OrganizationActorLink } from '../../ui/entity-link.tsx';
import { useIncidentPage } from './incident-page-context.ts';

export function LinkedOrganizationActor({
  actor,
  unlinked,
  children,
}: {
  actor: { organizationActorID: number | null };
  /** What shows instead of the link when the actor is linked to no organization actor. */
  unlinked: ReactNode;
  children: ReactNode;
}) {
  const { data } = useIncidentPage();
  if (actor.organizationActorID === null) return unlinked;
  return (
    <OrganizationActorLink
      organizationID={data.incident.organizationID}
      organizationActorID={actor.organizationActorID}
    >
      {children}
    </OrganizationActorLink>
  );
}
