import { Link } from '@tanstack/react-router';

/** The organization and incident the page is about, each a link; names arrive with their screens. */
export function HeaderBreadcrumb({ organizationID, incidentID }: { organizationID: number | undefined; incidentID: number | undefined }) {
  if (organizationID === undefined && incidentID === undefined) return null;
  const linkClass = 'truncate rounded px-1 text-ink underline-offset-2 hover:underline';
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm">
        {organizationID !== undefined ? (
          <li className="flex min-w-0 items-center">
            <Link to="/organization/$organizationID" params={{ organizationID }} className={linkClass}>
              Organization {organizationID}
            </Link>
          </li>
        ) : null}
        {organizationID !== undefined && incidentID !== undefined ? (
          <li aria-hidden="true" className="text-muted">
            /
          </li>
        ) : null}
        {incidentID !== undefined ? (
          <li className="flex min-w-0 items-center">
            <Link to="/incident/$incidentID" params={{ incidentID }} className={linkClass}>
              Incident {incidentID}
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
