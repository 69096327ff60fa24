/*
 * A link to an incident's or an organization's page, or to the detail panel of one of an incident's
 * streams, actors, collections or maps, in one of the looks the lists use: a name (the row's title), plain
 * (a mention inside text), a chip (a search hit), or fill (the rest of a row, truncated).
 */
import { Link, linkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ViewName } from '../../domain/views.ts';

const LOOKS = {
  name: 'font-medium text-accent hover:underline',
  plain: 'text-accent hover:underline',
  chip: 'rounded-full border border-line bg-panel px-3 py-1 hover:bg-raised',
  fill: 'min-w-0 flex-1 truncate text-accent hover:underline',
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

/**
 * What a link to one of an incident's detail panels takes: the view to show beside it (the list it
 * was opened from), or none to keep the current view or picture.
 */
interface IncidentItemLinkProps extends LinkProps {
  incidentID: number;
  viewName?: ViewName;
}

// An explicit undefined would clear the view the analyst is in: the key is left out instead.
function viewOf(viewName: ViewName | undefined) {
  return viewName === undefined ? {} : { viewName };
}

/** Which panel: a stream's, an actor's, a collection's or a map's, by its id. */
export type IncidentItem =
  { streamID: number } | { incidentActorID: number } | { collectionID: number } | { mapID: number };

/** The link options of one of an incident's detail panels (the side panel's "›" links use them too). */
export function incidentPanelLink(incidentID: number, item: IncidentItem, viewName?: ViewName) {
  const params = { incidentID, ...viewOf(viewName) };
  if ('streamID' in item)
    return linkOptions({ to: '/incident/$incidentID/{-$viewName}/stream/$streamID', params: { ...params, ...item } });
  if ('incidentActorID' in item)
    return linkOptions({
      to: '/incident/$incidentID/{-$viewName}/actor/$incidentActorID',
      params: { ...params, ...item },
    });
  if ('mapID' in item)
    return linkOptions({ to: '/incident/$incidentID/{-$viewName}/map/$mapID', params: { ...params, ...item } });
  return linkOptions({
    to: '/incident/$incidentID/{-$viewName}/collection/$collectionID',
    params: { ...params, ...item },
  });
}

export function IncidentItemLink({
  incidentID,
  item,
  viewName,
  look = 'plain',
  children,
}: IncidentItemLinkProps & { item: IncidentItem }) {
  return (
    <Link {...incidentPanelLink(incidentID, item, viewName)} className={LOOKS[look]}>
      {children}
    </Link>
  );
}
