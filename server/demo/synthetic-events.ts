/*
 * Synthetic evidence for large incidents: twelve streams of an e-commerce outage (chat, access and
 * application logs, admin shell, alerts, deploys, Kubernetes, paging, status page, a bridge call
 * transcript, a CDN capture), forty actors, and events in time order whose density surges during
 * the outage. Deterministic for a seed, so benchmarks and tests see the same data every run.
 */

/** mulberry32: small, fast and good enough for test data (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
/** Log-normal durations: most are short, a few are long, as in real logs. */
const logNormalMicros = (random: Random, medianMicros: number, spread: number) => {
  const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.round(medianMicros * Math.exp(gaussian * spread));
};

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Lena',
  'Mateo',
  'Nadia',
  'Omar',
];
const LAST = [
  'Alvarez',
  'Brooks',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gupta',
  'Haddad',
  'Ito',
  'Jansen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Novak',
  'Okafor',
];
export const SYNTHETIC_BOTS = [
  'alertmanager',
  'pagerduty-bot',
  'deploy-bot',
  'statuspage-bot',
  'k8s-controller',
  'api-gateway',
  'checkout-api',
  'payments-api',
  'cdn-edge',
  'grafana-bot',
] as const;

/** Thirty people and ten bots. */
export function syntheticActors(): Array<{ name: string; isBot: boolean }> {
  const people = Array.from({ length: 30 }, (_, i) => ({
    name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]}`,
    isBot: false,
  }));
  return [...people, ...SYNTHETIC_BOTS.map((name) => ({ name, isBot: true }))];
}

const SERVICES = [
  'checkout-api',
  'payments-api',
  'cart-api',
  'search-api',
  'orders-db',
  'pgbouncer',
  'redis-sessions',
  'api-gateway',
];
const HOSTS = Array.from(
  { length: 24 },
  (_, i) => `${['app', 'db', 'cache'][i % 3]}-${String(i + 1).padStart(2, '0')}.prod.example.com`,
);
const PATHS = [
  '/api/v1/cart',
  '/api/v1/checkout/confirm',
  '/api/v1/orders',
  '/api/v1/payments/authorize',
  '/api/v1/search',
  '/api/v1/session',
  '/healthz',
];
const ERRORS = [
  'upstream timeout',
  'connection refused',
  'deadlock detected',
  'too many connections',
  'context deadline exceeded',
  'TLS handshake timeout',
  'pool exhausted',
];

interface StreamKind {
  name: string;
  importFormat: 'tsv' | 'har';
  /** Relative share of events before, during and after the outage. */
  weights: [number, number, number];
  actors: 'chatty-people' | 'engineers' | 'speakers' | 'alerting' | (typeof SYNTHETIC_BOTS)[number];
  message(random: Random, actor: string): string;
  durationMicros(random: Random): number;
}

const STREAM_KINDS: StreamKind[] = [
  {
    name: '#inc-war-room (chat)',
    importFormat: 'tsv',
    weights: [1, 8, 2],
    actors: 'chatty-people',
    durationMicros: () => 0,
    message: (r) =>
      pick(r, [
        `${pick(r, SERVICES)} p99 is ${int(r, 2, 30)} s, anyone looking?`,
        `I see ${int(r, 20, 900)} errors per second on ${pick(r, SERVICES)}`,
        `rolling back ${pick(r, SERVICES)} to v2.${int(r, 10, 40)}.${int(r, 0, 9)}`,
        `${pick(r, HOSTS)} is at ${int(r, 80, 100)}% cpu`,
        'ack',
        '+1, looks better now',
        `can someone check the ${pick(r, SERVICES)} dashboard?`,
        `seeing "${pick(r, ERRORS)}" in the ${pick(r, SERVICES)} logs`,
        'who owns the pgbouncer config?',
        'bridge is open, join if you are on call',
      ]),
  },
  {
    name: 'api-gateway access log',
    importFormat: 'tsv',
    weights: [30, 26, 30],
    actors: 'api-gateway',
    durationMicros: (r) => logNormalMicros(r, 80_000, 1.1),
    message: (r) =>
      `${pick(r, ['GET', 'GET', 'GET', 'POST', 'PUT'])} ${pick(r, PATHS)} ${pick(r, [200, 200, 200, 200, 201, 304, 404, 499, 502, 503, 504])} ${int(r, 120, 48_000)}B ip=10.${int(r, 0, 40)}.${int(r, 0, 255)}.${int(r, 1, 254)}`,
  },
  {
    name: 'checkout-api application log',
    importFormat: 'tsv',
    weights: [12, 16, 12],
    actors: 'checkout-api',
    durationMicros: (r) => (r() < 0.6 ? 0 : logNormalMicros(r, 150_000, 1.3)),
    message: (r) =>
      pick(r, [
        `level=info msg="order placed" order_id=${int(r, 4_000_000, 4_999_999)} items=${int(r, 1, 9)}`,
        `level=error msg="${pick(r, ERRORS)}" upstream=${pick(r, SERVICES)} attempt=${int(r, 1, 3)}`,
        `level=warn msg="slow query" duration_ms=${int(r, 500, 9000)} table=orders`,
        `level=info msg="cart validated" cart_id=${int(r, 100_000, 999_999)}`,
      ]),
  },
  {
    name: 'payments-api application log',
    importFormat: 'tsv',
    weights: [8, 8, 8],
    actors: 'payments-api',
    durationMicros: (r) => (r() < 0.5 ? 0 : logNormalMicros(r, 300_000, 1.0)),
    message: (r) =>
      pick(r, [
        `level=info msg="authorization approved" psp=${pick(r, ['adyen', 'stripe'])} amount_cents=${int(r, 500, 90_000)}`,
        `level=error msg="${pick(r, ERRORS)}" psp=${pick(r, ['adyen', 'stripe'])}`,
        `level=info msg="refund issued" order_id=${int(r, 4_000_000, 4_999_999)}`,
      ]),
  },
  {
    name: 'db admin shell log',
    importFormat: 'tsv',
    weights: [1, 4, 1],
    actors: 'engineers',
    durationMicros: (r) => logNormalMicros(r, 2_000_000, 1.6),
    message: (r, actor) =>
      `${actor.split(' ')[0]!.toLowerCase()}@${pick(r, HOSTS)}:~$ ${pick(r, [
        "psql -c 'select count(*) from pg_stat_activity'",
        'systemctl restart pgbouncer',
        'iostat -x 5 3',
        `kubectl -n shop rollout restart deploy/${pick(r, SERVICES)}`,
        'tail -n 200 /var/log/postgresql/postgresql-15-main.log',
        "psql -c 'select * from pg_stat_replication'",
        'df -h /var/lib/postgresql',
      ])}`,
  },
  {
    name: 'Alerts (Alertmanager, Grafana)',
    importFormat: 'tsv',
    weights: [0.3, 2, 0.5],
    actors: 'alerting',
    durationMicros: (r) => logNormalMicros(r, 300_000_000, 0.9),
    message: (r) =>
      `${pick(r, ['FIRING', 'FIRING', 'RESOLVED'])} [${pick(r, ['warning', 'critical'])}] ${pick(r, ['HighErrorRate', 'HighLatency', 'PodCrashLooping', 'PostgresTooManyConnections', 'DiskWillFillIn4h'])} service=${pick(r, SERVICES)}`,
  },
  {
    name: 'deploy pipeline',
    importFormat: 'tsv',
    weights: [0.5, 0.5, 0.5],
    actors: 'deploy-bot',
    durationMicros: (r) => logNormalMicros(r, 120_000_000, 0.8),
    message: (r) =>
      `${pick(r, ['deploy', 'deploy', 'rollback'])} ${pick(r, SERVICES)}@${int(r, 0x1000000, 0xfffffff).toString(16)} to prod-${pick(r, ['eu', 'us', 'ap'])} (canary ${pick(r, [5, 10, 25, 100])}%)`,
  },
  {
    name: 'Kubernetes events',
    importFormat: 'tsv',
    weights: [9, 12, 9],
    actors: 'k8s-controller',
    durationMicros: (r) => (r() < 0.7 ? 0 : logNormalMicros(r, 5_000_000, 1.0)),
    message: (r) => {
      const pod = `${pick(r, SERVICES)}-${int(r, 0x10000, 0xfffff).toString(16)}-${int(r, 0x100, 0xfff).toString(16)}`;
      return pick(r, [
        `Pod ${pod} OOMKilled (limit 512Mi)`,
        `Back-off restarting failed container in pod ${pod}`,
        `Scaled replica set ${pick(r, SERVICES)} to ${int(r, 3, 40)}`,
        `Readiness probe failed for ${pod}: HTTP 503`,
        `Pulled image for ${pod} in ${int(r, 1, 30)} s`,
      ]);
    },
  },
  {
    name: 'PagerDuty',
    importFormat: 'tsv',
    weights: [0.1, 1, 0.1],
    actors: 'pagerduty-bot',
    durationMicros: () => 0,
    message: (r) =>
      `Incident #${int(r, 5000, 5999)} ${pick(r, ['triggered', 'acknowledged', 'escalated', 'resolved'])}: ${pick(r, ['HighErrorRate', 'HighLatency'])} ${pick(r, SERVICES)}`,
  },
  {
    name: 'Status page',
    importFormat: 'tsv',
    weights: [0.05, 0.3, 0.1],
    actors: 'statuspage-bot',
    durationMicros: () => 1_000_000,
    message: (r) =>
      pick(r, [
        'Investigating - Some customers cannot check out.',
        'Identified - A database connection limit is the cause.',
        'Monitoring - A fix is in place.',
        'Resolved - Checkout works normally.',
      ]),
  },
  {
    name: 'Bridge call transcript',
    importFormat: 'tsv',
    weights: [0, 5, 0.5],
    actors: 'speakers',
    durationMicros: (r) => logNormalMicros(r, 4_000_000, 0.7),
    message: (r) =>
      pick(r, [
        `can everyone not working on ${pick(r, SERVICES)} drop off the bridge?`,
        `I am going to restart ${pick(r, HOSTS)}, any objections?`,
        'next update in fifteen minutes',
        `the ${pick(r, SERVICES)} graphs are flat since the rollback`,
        'do we have a customer count yet?',
        'let us not change two things at once',
      ]),
  },
  {
    name: 'CDN edge capture (HAR)',
    importFormat: 'har',
    weights: [20, 18, 20],
    actors: 'cdn-edge',
    durationMicros: (r) => logNormalMicros(r, 40_000, 1.2),
    message: (r) =>
      `${pick(r, ['GET', 'GET', 'HEAD'])} https://static.example.com/assets/${pick(r, ['app', 'vendor', 'checkout', 'fonts'])}.${int(r, 0x1000, 0xffff).toString(16)}.${pick(r, ['js', 'css', 'woff2'])} ${pick(r, [200, 200, 304, 404, 503])} cache=${pick(r, ['HIT', 'HIT', 'MISS'])} pop=${pick(r, ['FRA', 'AMS', 'IAD', 'SIN'])}`,
  },
];

export const SYNTHETIC_STREAMS = STREAM_KINDS.map((kind) => ({ name: kind.name, importFormat: kind.importFormat }));

interface SyntheticEvent {
  /** Index into SYNTHETIC_STREAMS. */
  stream: number;
  /** Index into syntheticActors(). */
  actor: number;
  message: string;
  startMicros: number;
  endMicros: number;
}

/** The outage phase as fractions of the span: it starts at 35 % and ends at 60 %. */
export const SURGE = { start: 0.35, end: 0.6 } as const;
const phaseOf = (fraction: number) => (fraction < SURGE.start ? 0 : fraction < SURGE.end ? 1 : 2);

/** `count` events between startMicros and startMicros + spanMicros, in time order. */
export function* syntheticEvents(
  count: number,
  startMicros: number,
  spanMicros: number,
  seed: number,
): Generator<SyntheticEvent> {
  const random = seededRandom(seed);
  const actors = syntheticActors();
  const people = actors.flatMap((actor, index) => (actor.isBot ? [] : [index]));
  // A few people talk most of the time, as in real channels.
  const chatty = people.flatMap((index, rank) => Array.from({ length: Math.max(1, 12 - rank) }, () => index));
  const engineers = people.slice(0, 8);
  const speakers = people.slice(0, 14);
  const alerting = ['alertmanager', 'alertmanager', 'grafana-bot'].map((name) =>
    actors.findIndex((actor) => actor.name === name),
  );
  const groups = { 'chatty-people': chatty, engineers, speakers, alerting } as Record<string, number[]>;
  const actorFor = (kind: StreamKind): number => {
    const group = groups[kind.actors];
    return group ? pick(random, group) : actors.findIndex((actor) => actor.name === kind.actors);
  };
  const cumulative = [0, 1, 2].map((phase) => {
    let sum = 0;
    return STREAM_KINDS.map((kind) => (sum += kind.weights[phase]!));
  });
  // Density: four times the background rate during the outage. Events are placed by inverting the
  // cumulative density, so they come out in time order without sorting a million of them.
  const BINS = 4096;
  const density = Array.from({ length: BINS }, (_, bin) => (phaseOf((bin + 0.5) / BINS) === 1 ? 4 : 1));
  const total = density.reduce((a, b) => a + b, 0);
  const cdf: number[] = [0];
  for (const d of density) cdf.push(cdf[cdf.length - 1]! + d / total);
  let bin = 0;
  let joined = 0;
  for (let i = 0; i < count; i += 1) {
    const u = (i + random()) / count;
    while (bin < BINS - 1 && cdf[bin + 1]! < u) bin += 1;
    const fraction = (bin + (u - cdf[bin]!) / (cdf[bin + 1]! - cdf[bin]!)) / BINS;
    const phase = phaseOf(fraction);
    const weights = cumulative[phase]!;
    const roll = random() * weights[weights.length - 1]!;
    let stream = 0;
    while (weights[stream]! < roll) stream += 1;
    // Every stream has events (from twelve events up): one event in each twelfth is assigned.
    const twelfth = Math.floor((i * STREAM_KINDS.length) / count);
    if (i === Math.floor(((twelfth + 0.5) * count) / STREAM_KINDS.length)) stream = twelfth;
    const kind = STREAM_KINDS[stream]!;
    // Everyone speaks in the chat at least once (joining it), so every actor has events.
    const actor = kind.actors === 'chatty-people' && joined < people.length ? people[joined++]! : actorFor(kind);
    const start = startMicros + Math.floor(fraction * spanMicros);
    yield {
      stream,
      actor,
      message: kind.message(random, actors[actor]!.name),
      startMicros: start,
      endMicros: start + kind.durationMicros(random),
    };
  }
}
