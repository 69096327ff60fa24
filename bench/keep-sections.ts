/*
 * Some benchmarks run on their own (npm run bench:page-import) and write a marked section of
 * bench/RESULTS.md (<!-- name --> … <!-- /name -->). When npm run bench rewrites the file, the
 * marked sections it did not produce itself are carried over, so no figure is lost.
 */
const SECTION = /<!-- ([a-z0-9-]+) -->[\s\S]*?<!-- \/\1 -->/g;

/** `next` followed by every marked section of `previous` whose marker `next` does not contain. */
export function keepSeparateSections(previous: string, next: string): string {
  const kept: string[] = [];
  for (const match of previous.matchAll(SECTION)) {
    if (!next.includes(`<!-- ${match[1]} -->`)) kept.push(match[0]);
  }
  return kept.length === 0 ? next : `${next.trimEnd()}\n\n${kept.join('\n\n')}\n`;
}
