/*
 * Which actor columns the swimlane shows, in which order: the analyst's saved order first (ids
 * that no longer exist are dropped), then the actors it does not name, by name; hidden ones apart.
 */

export interface SwimlaneColumn {
  id: number;
  name: string;
}

export function orderColumns(
  actors: readonly SwimlaneColumn[],
  order: readonly number[],
  hiddenIDs: readonly number[],
): { visible: SwimlaneColumn[]; hidden: SwimlaneColumn[] } {
  const byID = new Map(actors.map((actor) => [actor.id, actor]));
  const rank = new Map(order.map((id, index) => [id, index]));
  const sorted = [...byID.values()].sort(
    (a, b) =>
      (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  const hidden = new Set(hiddenIDs);
  return {
    visible: sorted.filter((actor) => !hidden.has(actor.id)),
    hidden: sorted.filter((actor) => hidden.has(actor.id)),
  };
}

/** The full order after moving `movedID` to sit before `beforeID` (or last when undefined). */
export function moveColumn(order: readonly number[], movedID: number, beforeID: number | undefined): number[] {
  const next = order.filter((id) => id !== movedID);
  const at = beforeID === undefined ? -1 : next.indexOf(beforeID);
  if (at < 0) next.push(movedID);
  else next.splice(at, 0, movedID);
  return next;
}
