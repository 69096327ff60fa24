import { Link } from '@tanstack/react-router';
import { useIncident, useOrganization, useOrganizationsSync } from '../data/mirror/index.ts';

/** Fetches the organizations into the mirror: mounted only while the breadcrumb lacks the name (a link opened directly). */
function OrganizationNamesSync() {
  useOrganizationsSync();
  return null;
}

/** The organization and incident the page is about, each a link, named from this device's mirror (the id until it has them). */
export function HeaderBreadcrumb({
  organizationID,
  incidentID,
}: {
  organizationID: number | undefined;
  incidentID: number | undefined;
}) {
  const incident = useIncident(incidentID ?? 0)?.incident;
  const organization = useOrganization(organizationID ?? incident?.organizationID ?? 0)?.organization;
  const shownOrganizationID = organizationID ?? incident?.organizationID;
  if (organizationID === undefined && incidentID === undefined) return null;
  const linkClass = 'truncate rounded px-1 text-ink underline-offset-2 hover:underline';
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      {shownOrganizationID !== undefined && organization === undefined ? <OrganizationNamesSync /> : null}
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {shownOrganizationID !== undefined ? (
          <li className="flex min-w-0 items-center">
            <Link
              to="/organization/$organizationID"
              params={{ organizationID: shownOrganizationID }}
              className={linkClass}
            >
              {organization?.name ?? `Organization ${shownOrganizationID}`}
            </Link>
          </li>
        ) : null}
        {shownOrganizationID !== undefined && incidentID !== undefined ? (
          <li aria-hidden="true" className="text-muted">
            /
          </li>
        ) : null}
        {incidentID !== undefined ? (
          <li className="flex min-w-0 items-center">
            <Link to="/incident/$incidentID" params={{ incidentID }} className={linkClass}>
              {incident?.name ?? `Incident ${incidentID}`}
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
