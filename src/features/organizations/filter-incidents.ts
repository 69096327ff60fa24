import type { IncidentSummary } from '../../../domain/incident.ts';

/** Incidents whose name or description holds every word of `term` (any case) and, if given, carry `tag`. */
export function filterIncidents(incidents: readonly IncidentSummary[], term: string, tag: string): IncidentSummary[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return incidents.filter((incident) => {
    if (tag !== '' && !incident.incidentTags.includes(tag)) return false;
    const text = `${incident.name} ${incident.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
