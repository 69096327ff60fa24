/*
 * Composes the organization's charts (features/charts) with its incidents from the mirror, the
 * route's count type and chosen incident, and the analyst's bot and height settings. The incident
 * page shows the same charts with its own incident marked (OrganizationChartView).
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { isCountType, type CountType } from '../../domain/views.ts';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import {
  CrossIncidentConnections,
  IncidentBarChart,
  type ChartIncident,
} from '../features/charts/organization-charts.tsx';
import { useIncidentConnections } from '../features/charts/use-incident-connections.ts';
import { useOrganizationPage } from '../features/organizations/organization-page-context.ts';
import { useDisplaySettings } from '../features/settings/use-settings.ts';

export type OrganizationChartName = 'incident-bar' | 'cross-incident-connections';

export function OrganizationChart({ name }: { name: OrganizationChartName }) {
  const { organizationID, mirror } = useOrganizationPage();
  const params: { countType?: string; incidentID?: number } = useParams({ strict: false });
  const navigate = useNavigate();
  const countType = params.countType !== undefined && isCountType(params.countType) ? params.countType : 'events';
  return (
    <OrganizationChartView
      name={name}
      organizationID={organizationID}
      organization={mirror}
      countType={countType}
      markedIncidentID={params.incidentID}
      onCountType={(type) =>
        void navigate({
          to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType',
          params: { organizationID, visualizationName: 'incident-bar', countType: type },
        })
      }
      onOpenIncident={(incidentID) =>
        name === 'incident-bar'
          ? void navigate({
              to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/count/$countType/incident/$incidentID',
              params: { organizationID, visualizationName: 'incident-bar', countType, incidentID },
            })
          : void navigate({
              to: '/organization/$organizationID/{-$viewName}/type/$visualizationName/incident/$incidentID',
              params: { organizationID, visualizationName: name, incidentID },
            })
      }
    />
  );
}

export interface OrganizationChartViewProps {
  name: OrganizationChartName;
  organizationID: number;
  /** The organization's incidents and actors, as the mirror keeps them. */
  organization: { incidents: readonly ChartIncident[]; actors: ReadonlyArray<{ id: number; displayName: string }> };
  countType: CountType;
  markedIncidentID: number | undefined;
  onCountType: (type: CountType) => void;
  onOpenIncident: (incidentID: number) => void;
}

export function OrganizationChartView(props: OrganizationChartViewProps) {
  const acting = useActingAnalyst();
  const [settings] = useDisplaySettings(acting.settingsAnalystID);
  if (props.name === 'cross-incident-connections')
    return <Connections {...props} heightPx={settings.visualizationHeight} />;
  return (
    <IncidentBarChart
      incidents={props.organization.incidents}
      countType={props.countType}
      showBots={settings.displayBotsInVisualizations}
      heightPx={settings.visualizationHeight}
      selectedIncidentID={props.markedIncidentID}
      onCountType={props.onCountType}
      onOpenIncident={props.onOpenIncident}
    />
  );
}

function Connections(props: OrganizationChartViewProps & { heightPx: number }) {
  const { connections, error } = useIncidentConnections(props.organizationID, props.organization.incidents.length);
  const { actors } = props.organization;
  const actorNames = useMemo(() => new Map(actors.map((actor) => [actor.id, actor.displayName])), [actors]);
  return (
    <CrossIncidentConnections
      incidents={props.organization.incidents}
      connections={connections}
      connectionsError={error}
      actorNames={actorNames}
      heightPx={props.heightPx}
      selectedIncidentID={props.markedIncidentID}
      onOpenIncident={props.onOpenIncident}
    />
  );
}
