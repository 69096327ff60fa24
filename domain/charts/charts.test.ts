import { describe, expect, it } from 'vitest';
import { incidentEdges, layoutGraph } from './incident-graph.ts';
import { packActors } from './pack-actors.ts';

describe('actor-circle pack', () => {
  it('packs actors inside their group, bigger counts in bigger circles', () => {
    const nodes = packActors({
      widthPx: 400,
      heightPx: 300,
      groups: [
        {
          name: 'Humans',
          members: [
            { id: 1, name: 'a', count: 40 },
            { id: 2, name: 'b', count: 10 },
          ],
        },
        { name: 'Bots', members: [{ id: 3, name: 'c', count: 5 }] },
      ],
    });
    const group = nodes.filter((node) => node.id === undefined);
    expect(group.map((node) => node.name)).toEqual(['Humans', 'Bots']);
    const a = nodes.find((node) => node.id === 1)!;
    const b = nodes.find((node) => node.id === 2)!;
    expect(a.r / b.r).toBeCloseTo(2, 1);
    const humans = group[0]!;
    expect(Math.hypot(a.x - humans.x, a.y - humans.y) + a.r).toBeLessThanOrEqual(humans.r + 1e-6);
  });
});

describe('cross-incident graph', () => {
  const incidents = [
    { id: 1, name: 'A', keys: ['tag:db', 'actor:7'], weight: 10 },
    { id: 2, name: 'B', keys: ['tag:db', 'actor:7', 'tag:x'], weight: 5 },
    { id: 3, name: 'C', keys: ['tag:x'], weight: 1 },
    { id: 4, name: 'D', keys: [], weight: 1 },
  ];

  it('joins incidents by what they share, weighted by how much', () => {
    const edges = incidentEdges(incidents);
    expect(edges).toHaveLength(2);
    expect(edges.find((edge) => edge.from === 0 && edge.to === 1)?.weight).toBe(2);
    expect(edges.find((edge) => edge.from === 1 && edge.to === 2)?.shared).toEqual(['tag:x']);
  });

  it('places every node inside the box', () => {
    const placed = layoutGraph({ incidents, edges: incidentEdges(incidents), widthPx: 300, heightPx: 200 });
    for (const node of placed) {
      expect(node.x - node.r).toBeGreaterThanOrEqual(0);
      expect(node.y + node.r).toBeLessThanOrEqual(200);
    }
  });
});
