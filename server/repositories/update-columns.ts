/*
 * The UPDATE of one row by id that changes only the columns given: a column left undefined keeps its
 * value, so a PUT naming one field leaves the others as they are (incidents, organizations, streams).
 */
import type { Queryable } from '../db/database.ts';

/** A change of a row's name or description (an incident's, an organization's); what is left out stays. */
export interface NameChange {
  name?: string;
  description?: string;
}

/** Table and column names come from our code, never from a request; only the values are parameters. */
export async function updateColumns(
  db: Queryable,
  table: 'incidents' | 'organizations' | 'streams',
  id: number,
  columns: Record<string, string | number | undefined>,
): Promise<void> {
  const names = Object.keys(columns);
  const sets = names.map((name, index) => `${name} = coalesce($${index + 2}, ${name})`);
  await db.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, [
    id,
    ...names.map((name) => columns[name] ?? null),
  ]);
}
