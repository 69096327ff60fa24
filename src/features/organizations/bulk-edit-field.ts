/** The server names a bulk edit's bad field as "actors.3.startDate": the row (in the sent list) and the field. */
export function rowFieldOf(field: string | undefined): { row: number; field: string } | undefined {
  const match = /^actors\.(\d+)\.(\w+)$/.exec(field ?? '');
  return match ? { row: Number(match[1]), field: match[2] ?? '' } : undefined;
}
