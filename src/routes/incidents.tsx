import { createFileRoute } from '@tanstack/react-router';
import { useIncidentList, useIncidentListSync } from '../data/mirror/index.ts';
import { IncidentsTable } from '../features/organizations/incidents-table.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { Page } from '../ui/page.tsx';

// The incidents view (spec: view name "incidents"): every incident the analyst may read.
export const Route = createFileRoute('/incidents')({
  component: Incidents,
});

function Incidents() {
  useIncidentListSync();
  const incidents = useIncidentList();
  const [timeZone] = useTimeZone();
  return (
    <Page title="Incidents" wide>
      {incidents ? (
        <IncidentsTable incidents={incidents} timeZone={timeZone} showOrganization />
      ) : (
        <p role="status" className="text-muted">
          Loading incidents…
        </p>
      )}
    </Page>
  );
}
