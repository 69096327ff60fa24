/*
 * incident-bar and cross-incident-connections under an incident: the organization's charts with
 * this incident marked among its organization's incidents (read from the mirror, the organization
 * synced while shown). Choosing another incident opens it at the same picture.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CountType } from '../../domain/views.ts';
import { useOrganization, useOrganizationSync } from '../data/mirror/index.ts';
import { useIncidentPage } from '../features/incident/incident-page-context.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { OrganizationChartView, type OrganizationChartName } from './-organization-charts.tsx';

export function IncidentAmongOrganization({ name }: { name: OrganizationChartName }) {
  const { incidentID, data, settings } = useIncidentPage();
  const organizationID = data.incident.organizationID;
  const sync = useOrganizationSync(organizationID);
  const mirror = useOrganization(organizationID);
  const navigate = useNavigate();
  // The incident's routes carry no count type: the choice lives with the picture.
  const [countType, setCountType] = useState<CountType>('events');
  if (!mirror) {
    return sync.status === 'error' ? (
      <EmptyState
        picture={name}
        heightPx={settings.visualizationHeight}
        reason="The other incidents of this incident's organization could not be read, so there is nothing to compare it with."
      >
        {sync.error ? `(${sync.error}) ` : ''}Check the network and open this picture again.
      </EmptyState>
    ) : (
      <p role="status" className="text-muted">
        Reading the organization&apos;s incidents…
      </p>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <p className="text-sm text-muted">
        <span className="font-medium text-ink">{data.incident.name}</span> (marked) among the{' '}
        {mirror.incidents.length === 1 ? 'incident' : `${mirror.incidents.length} incidents`} of{' '}
        <Link
          to="/organization/$organizationID/{-$viewName}/type/$visualizationName"
          params={{ organizationID, visualizationName: name }}
          className="text-accent hover:underline"
        >
          {mirror.organization.name}
        </Link>
      </p>
      <OrganizationChartView
        name={name}
        organizationID={organizationID}
        organization={mirror}
        countType={countType}
        markedIncidentID={incidentID}
        onCountType={setCountType}
        onOpenIncident={(other) =>
          void navigate({
            to: '/incident/$incidentID/{-$viewName}/type/$visualizationName',
            params: { incidentID: other, visualizationName: name },
          })
        }
      />
    </div>
  );
}
