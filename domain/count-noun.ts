/* "1 event", "2 events", "1,024 events": a count with its noun, plural-aware, thousands grouped. */
export function countNoun(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}
