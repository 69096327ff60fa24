/*
 * What joins the incidents of an organization in the cross-incident-connections picture
 * (PRODUCT.md: shared organization actors, tags and related items): the answer of
 * GET /api/organization/{organizationID}/connections, and the graph keys made from it. Two
 * incidents are joined once per organization actor both have an actor linked to, once per incident
 * tag both carry, and once when they are related incidents (spec: incident_related_item).
 */
import { z } from 'zod';
import type { GraphIncident } from './incident-graph.ts';

const IncidentConnectionSchema = z.object({
  incidentID: z.number().int(),
  /** Organization actors one of the incident's actors is linked to, ascending. */
  organizationActorIDs: z.array(z.number().int()),
  /** Related incidents of the same organization, ascending. */
  relatedIncidentIDs: z.array(z.number().int()),
});
export type IncidentConnection = z.infer<typeof IncidentConnectionSchema>;

export const IncidentConnectionsAnswerSchema = z.object({
  connections: z.array(IncidentConnectionSchema),
  version: z.string(),
});

interface ConnectableIncident {
  id: number;
  name: string;
  incidentTags: readonly string[];
  weight: number;
}

/** The graph's nodes: each incident with a key for every tag, linked organization actor and relation. */
export function connectionNodes(
  incidents: readonly ConnectableIncident[],
  connections: readonly IncidentConnection[],
): GraphIncident[] {
  const byIncident = new Map(connections.map((connection) => [connection.incidentID, connection]));
  return incidents.map((incident) => {
    const connection = byIncident.get(incident.id);
    const keys = [
      ...incident.incidentTags.map((tag) => `tag:${tag}`),
      ...(connection?.organizationActorIDs ?? []).map((id) => `actor:${id}`),
      // A relation is one key both sides carry: the pair's ids, smaller first.
      ...(connection?.relatedIncidentIDs ?? []).map(
        (other) => `related:${Math.min(other, incident.id)}-${Math.max(other, incident.id)}`,
      ),
    ];
    return { id: incident.id, name: incident.name, keys, weight: incident.weight };
  });
}

/** A shared key in words: "#tag", the organization actor's name, or "related". */
export function describeSharedKey(key: string, actorNames: ReadonlyMap<number, string>): string {
  if (key.startsWith('tag:')) return `#${key.slice(4)}`;
  if (key.startsWith('actor:')) {
    const id = Number(key.slice(6));
    return `actor ${actorNames.get(id) ?? `#${id}`}`;
  }
  if (key.startsWith('related:')) return 'related incident';
  return key;
}
