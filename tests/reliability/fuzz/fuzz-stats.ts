/*
 * What the API fuzzer counts: requests sent per route and per status class, refusals whose table
 * snapshot was compared, repairs of the fuzz world; and the markdown of its recorded figures.
 */
export class FuzzStats {
  sent = 0;
  readonly byRoute = new Map<string, number>();
  /** Per route: answers 2xx, 3xx, 4xx, 5xx. */
  readonly routeClasses = new Map<string, [number, number, number, number]>();
  readonly byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  readonly byStatus = new Map<number, number>();
  comparedRefusals = 0;
  /** Refused requests after which the write counter moved (a committed write): fingerprints compared. */
  refusalsThatWrote = 0;
  worldRepairs = 0;
  /** Time in app.inject, and in the checks after it (fingerprints, world repairs). */
  injectMs = 0;
  checkMs = 0;
  started = Date.now();

  count(route: string, status: number): void {
    this.sent += 1;
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    const statusClass = `${Math.floor(status / 100)}xx` as keyof FuzzStats['byClass'];
    if (statusClass in this.byClass) this.byClass[statusClass] += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const classes = this.routeClasses.get(route) ?? [0, 0, 0, 0];
    const index = Math.floor(status / 100) - 2;
    if (index >= 0 && index < 4) classes[index]! += 1;
    this.routeClasses.set(route, classes);
  }

  seconds(): number {
    return (Date.now() - this.started) / 1000;
  }
}

export function fuzzApiMarkdown(results: { kind: string; stats: FuzzStats; routes: number }[]): string {
  const rows = results.map(({ kind, stats, routes }) => {
    const counts = [...stats.byRoute.values()];
    return (
      `| ${kind} | ${routes} | ${stats.sent.toLocaleString('en')} | ${Math.min(...counts)}–${Math.max(...counts)} | ${stats.byClass['2xx']} | ${stats.byClass['3xx']} | ` +
      `${stats.byClass['4xx']} | **${stats.byClass['5xx']}** | ${stats.comparedRefusals} | ${stats.worldRepairs} | ${stats.seconds().toFixed(0)} s |`
    );
  });
  const notes = results.map(
    ({ kind, stats }) =>
      `- statuses on ${kind}: ${[...stats.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
  );
  return [
    '### 1. Fuzzing the API (`tests/reliability/fuzz-api.test.ts`)',
    '',
    'Generated requests (fast-check) to every route Fastify has registered under /api and /auth (read from the running app, ' +
      'described by /api/openapi.json): valid and broken path ids (huge, negative, unicode, `../`, `%2e%2e%2f`, NUL), query strings, ' +
      "JSON bodies from each route's schema mutated (wrong types, missing and extra fields, strings up to 1.1 MB, empty, lone surrogates, " +
      'NUL, nesting 10,000 deep, bytes that are not UTF-8), wrong and duplicated content types, multipart bodies with odd file names ' +
      '(path traversal, unicode, 0 bytes) cut short or with the wrong boundary, and missing, duplicated or broken cookies, ' +
      'X-Churchkey-Analyst and Idempotency-Key headers. Sent through app.inject on a real database, mostly as an administrator acting as a ' +
      'write analyst on an incident with data, some as the administrator, some with no or a forged session. ' +
      'Goal: 0 answered 5xx, and after every refused (4xx) request a fingerprint of every table (row count and md5) identical to the one before it.',
    '',
    '| database | routes | requests sent | per route | 2xx | 3xx | 4xx | 5xx | refusals compared | world repairs | time |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...notes,
    '',
    ...routeTable(results),
  ].join('\n');
}

/** Requests per route and how they were answered, one column group per database. */
function routeTable(results: { kind: string; stats: FuzzStats }[]): string[] {
  const routes = [...new Set(results.flatMap(({ stats }) => [...stats.routeClasses.keys()]))];
  return [
    '<details><summary>Requests per route (sent: 2xx / 3xx / 4xx / 5xx)</summary>',
    '',
    `| route | ${results.map(({ kind }) => kind).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    ...routes.map((route) => {
      const cells = results.map(({ stats }) => {
        const c = stats.routeClasses.get(route) ?? [0, 0, 0, 0];
        return `${stats.byRoute.get(route) ?? 0}: ${c.join(' / ')}`;
      });
      return `| \`${route}\` | ${cells.join(' | ')} |`;
    }),
    '',
    '</details>',
  ];
}
