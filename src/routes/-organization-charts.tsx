/*
 * Composes the organization's charts (features/charts) with its incidents from the mirror, the
 * route's count type and chosen incident, and the analyst's bot and height settings.
 */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { isCountType } from '../../domain/views.ts';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { CrossIncidentConnections, IncidentBarChart } from '../features/charts/organization-charts.tsx';
import { useIncidentConnections } from '../features/charts/use-incident-connections.ts';
import { useOrganizationPage } from '../features/organizations/organization-page-context.ts';
import { useDisplaySettings } from '../features/settings/use-settings.ts';

export function OrganizationChart({ name }: { name: 'incident-bar' | 'cross-incident-connections' }) {
  const { organizationID, mirror } = useOrganizationPage();
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  const params: { countType?: string; incidentID?: number } = useParams({ strict: false });
  const navigate = useNavigate();
  const countType = params.countType !== undefined && isCountType(params.countType) ? params.countType : 'events';
  const pictures = (
    <nav aria-label="Organization pictures" className="mb-2 flex gap-3 text-sm">
      {(['incident-bar', 'cross-incident-connections'] as const).map((picture) => (
        <Link key={picture} to="/organization/$organizationID/{-$viewName}/type/$visualizationName" params={{ organizationID, visualizationName: picture }} aria-current={picture === name ? 'page' : undefined} className={picture === name ? 'font-semibold text-ink' : 'text-accent hover:underline'}>
          {picture === 'incident-bar' ? 'Incident bar' : 'Connections'}
        </Link>
      ))}
    </nav>
  );
  if (name === 'cross-incident-connections') {
    return withNav(pictures, <Connections organizationID={organizationID} incidents={mirror.incidents} actors={mirror.actors} heightPx={settings.visualizationHeight} onOpenIncident={(incidentID) => void navigate({ to: '/incident/$incidentID', params: { incidentID } })} />);
  }
  return withNav(
    pictures,
    <IncidentBarChart
      incidents={mirror.incidents}
      countType={countType}
      showBots={settings.displayBotsInVisualizations}
      heightPx={settings.visualizationHeight}
      selectedIncidentID={params.incidentID}
      onCountType={(type) => void navigate({ to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType', params: { organizationID, visualizationName: 'incident-bar', countType: type } })}
      onOpenIncident={(incidentID) =>
        void navigate({ to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType/incident/$incidentID', params: { organizationID, visualizationName: 'incident-bar', countType, incidentID } })
      }
    />,
  );
}

function Connections(props: { organizationID: number; incidents: Parameters<typeof CrossIncidentConnections>[0]['incidents']; actors: ReadonlyArray<{ id: number; displayName: string }>; heightPx: number; onOpenIncident: (incidentID: number) => void }) {
  const { connections, error } = useIncidentConnections(props.organizationID, props.incidents.length);
  const actorNames = useMemo(() => new Map(props.actors.map((actor) => [actor.id, actor.displayName])), [props.actors]);
  return <CrossIncidentConnections incidents={props.incidents} connections={connections} connectionsError={error} actorNames={actorNames} heightPx={props.heightPx} onOpenIncident={props.onOpenIncident} />;
}

function withNav(nav: ReactNode, chart: ReactNode) {
  return (
    <div className="flex min-w-0 flex-col">
      {nav}
      {chart}
    </div>
  );
}
