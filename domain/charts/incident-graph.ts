/*
 * The cross-incident-connections graph: incidents as nodes, joined when they share organization
 * actors, incident tags or related items (the edge's weight counts what they share), placed by
 * d3-force. Runs in workers/chart-force.worker.ts; the edges are pure and tested.
 */
import {
  forceCenter,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  type SimulationNodeDatum,
} from 'd3-force';

export interface GraphIncident {
  id: number;
  name: string;
  /** What can join it to another: "tag:…", "actor:…", "related:…" keys. */
  keys: readonly string[];
  weight: number;
}

interface GraphEdge {
  from: number;
  to: number;
  weight: number;
  shared: string[];
}

export function incidentEdges(incidents: readonly GraphIncident[]): GraphEdge[] {
  const byKey = new Map<string, number[]>();
  incidents.forEach((incident, index) => {
    for (const key of new Set(incident.keys)) byKey.set(key, [...(byKey.get(key) ?? []), index]);
  });
  const edges = new Map<string, GraphEdge>();
  for (const [key, members] of byKey) {
    for (let i = 0; i < members.length; i += 1) {
      for (let j = i + 1; j < members.length; j += 1) {
        const from = members[i] as number;
        const to = members[j] as number;
        const id = `${from}-${to}`;
        const edge = edges.get(id) ?? { from, to, weight: 0, shared: [] };
        edge.weight += 1;
        edge.shared.push(key);
        edges.set(id, edge);
      }
    }
  }
  return [...edges.values()];
}

export interface GraphLayoutInput {
  incidents: readonly GraphIncident[];
  edges: readonly GraphEdge[];
  widthPx: number;
  heightPx: number;
}

/** Node positions after the simulation settles (a fixed number of ticks, so it always ends). */
export function layoutGraph(input: GraphLayoutInput): Array<{ x: number; y: number; r: number }> {
  const maxWeight = Math.max(1, ...input.incidents.map((incident) => incident.weight));
  const nodes: Array<SimulationNodeDatum & { r: number }> = input.incidents.map((incident, index) => {
    const angle = (index / Math.max(1, input.incidents.length)) * Math.PI * 2;
    return {
      x: input.widthPx / 2 + Math.cos(angle) * 100,
      y: input.heightPx / 2 + Math.sin(angle) * 100,
      r: 8 + 22 * Math.sqrt(incident.weight / maxWeight),
    };
  });
  const links = input.edges.map((edge) => ({ source: edge.from, target: edge.to, weight: edge.weight }));
  const simulation = forceSimulation(nodes)
    .force('charge', forceManyBody().strength(-160))
    .force(
      'link',
      forceLink(links)
        .distance(90)
        .strength((link) => Math.min(1, 0.2 * (link as { weight: number }).weight)),
    )
    .force(
      'collide',
      forceCollide<SimulationNodeDatum & { r: number }>().radius((node) => node.r + 4),
    )
    .force('center', forceCenter(input.widthPx / 2, input.heightPx / 2))
    .stop();
  simulation.tick(300);
  return nodes.map((node) => ({
    x: Math.max(node.r, Math.min(input.widthPx - node.r, node.x ?? 0)),
    y: Math.max(node.r, Math.min(input.heightPx - node.r, node.y ?? 0)),
    r: node.r,
  }));
}
