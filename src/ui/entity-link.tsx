/*
 * A link to an incident's or an organization's page, in one of the looks the lists use: a name
 * (the row's title), plain (a mention inside text), or a chip (a search hit).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const LOOKS = {
  name: 'font-medium text-accent hover:underline',
  plain: 'text-accent hover:underline',
  chip: 'rounded-full border border-line bg-panel px-3 py-1 hover:bg-raised',
};

/** What every entity link takes besides its ids: its look, and the text it shows. */
interface LinkProps {
  look?: keyof typeof LOOKS;
  children: ReactNode;
}

export function IncidentLink({ incidentID, look = 'name', children }: LinkProps & { incidentID: number }) {
  return (
    <Link to="/incident/$incidentID" params={{ incidentID }} className={LOOKS[look]}>
      {children}
    </Link>
  );
}

export function OrganizationLink({ organizationID, look = 'name', children }: LinkProps & { organizationID: number }) {
  return (
    <Link to="/organization/$organizationID" params={{ organizationID }} className={LOOKS[look]}>
      {children}
    </Link>
  );
}

/** An organization's actor, opened in the organization's actors tab. */
export function OrganizationActorLink({
  organizationID,
  organizationActorID,
  children,
}: {
  organizationID: number;
  organizationActorID: number;
  children: ReactNode;
}) {
  return (
    <Link
      to="/organization/$organizationID/{-$viewName}/actor/$organizationActorID"
      params={{ organizationID, organizationActorID }}
      className={LOOKS.plain}
    >
      {children}
    </Link>
  );
}
