import { describe, expect, it } from 'vitest';
import type { IncidentSummary } from '../../../domain/incident.ts';
import { filterIncidents } from './filter-incidents.ts';

const incident = (id: number, name: string, description: string, incidentTags: string[]) =>
  ({ id, name, description, incidentTags }) as unknown as IncidentSummary;
const incidents = [
  incident(1, 'Orders database failover', 'NVMe controller', ['sev1', 'database']),
  incident(2, 'Roof survey drone hard landing', 'hall B', ['sev3']),
];

describe('filterIncidents', () => {
  it('keeps incidents with every word in the name or description', () => {
    expect(filterIncidents(incidents, 'nvme ORDERS', '').map((item) => item.id)).toEqual([1]);
    expect(filterIncidents(incidents, '', '').map((item) => item.id)).toEqual([1, 2]);
  });

  it('keeps incidents carrying the tag', () => {
    expect(filterIncidents(incidents, '', 'sev3').map((item) => item.id)).toEqual([2]);
    expect(filterIncidents(incidents, 'orders', 'sev3')).toEqual([]);
  });
});
