/*
 * The actor-circle layout: actors as circles sized by event count (area ∝ events), packed inside
 * one circle per group (humans, bots) with d3-hierarchy's pack. Runs in workers/chart-pack.worker.ts.
 */
import { hierarchy, pack } from 'd3-hierarchy';

export interface PackInput {
  widthPx: number;
  heightPx: number;
  groups: ReadonlyArray<{ name: string; members: ReadonlyArray<{ id: number; name: string; count: number }> }>;
}

export interface PackedNode {
  /** Actor id, or undefined for a group's circle. */
  id: number | undefined;
  name: string;
  group: number;
  x: number;
  y: number;
  r: number;
}

interface Datum {
  name: string;
  id?: number;
  count?: number;
  group?: number;
  children?: Datum[];
}

export function packActors(input: PackInput): PackedNode[] {
  const root: Datum = {
    name: 'actors',
    children: input.groups
      .map((group, index) => ({
        name: group.name,
        group: index,
        children: group.members
          .filter((member) => member.count > 0)
          .map((member) => ({ name: member.name, id: member.id, count: member.count, group: index })),
      }))
      .filter((group) => group.children.length > 0),
  };
  const tree = hierarchy<Datum>(root)
    .sum((datum) => datum.count ?? 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laid = pack<Datum>().size([input.widthPx, input.heightPx]).padding(6)(tree);
  return laid
    .descendants()
    .filter((node) => node.depth > 0)
    .map((node) => ({
      id: node.data.id,
      name: node.data.name,
      group: node.data.group ?? 0,
      x: node.x,
      y: node.y,
      r: node.r,
    }));
}
