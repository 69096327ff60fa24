/*
 * npm run generate -- --events N --points M [--incident-name NAME] [--seed S] [--search staging|update]
 * Opens the configured database (the server's environment: DATABASE_URL or DATA_DIR), migrates it,
 * and writes a synthetic incident; map points go to a geo CSV under DATA_DIR/generated/.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { writeMapPointsFile } from '../demo/map-points-file.ts';
import { GENERATED_ORGANIZATION_NAME, generateIncident } from '../demo/synthetic-incident.ts';
import { SYNTHETIC_BOTS } from '../demo/synthetic-events.ts';
import { progressBar } from './progress-bar.ts';

const USAGE = `Usage: npm run generate -- [--events N] [--points M] [--incident-name NAME] [--seed S] [--search staging|update]
  --events N          synthetic events to write (default 1000000), plus 4 markers
  --points M          map points to write as a geo CSV under DATA_DIR/generated/ (default 1000000; 0: none)
  --incident-name     the incident's name (default "Synthetic outage, N events")
  --seed S            the same seed gives the same data (default 1)
  --search MODE       staging (default): search data computed while inserting; update: one UPDATE afterwards
The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (default ./data).`;

const MAX = 100_000_000;

function count(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const clean = value.replace(/[_,]/g, '');
  if (!/^\d+$/.test(clean) || Number(clean) > MAX)
    throw new Error(`--${flag} must be a whole number from 0 to ${MAX.toLocaleString('en-US')}`);
  return Number(clean);
}

const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;
const perSecond = (n: number, millis: number) => `${Math.round(n / (millis / 1000)).toLocaleString('en-US')}/s`;
const utc = (micros: number) =>
  new Date(micros / 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      points: { type: 'string' },
      'incident-name': { type: 'string' },
      seed: { type: 'string' },
      search: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const events = count(values.events, 1_000_000, 'events');
  const points = count(values.points, 1_000_000, 'points');
  const seed = count(values.seed, 1, 'seed');
  const searchMode = values.search ?? 'staging';
  if (searchMode !== 'staging' && searchMode !== 'update') throw new Error('--search must be staging or update');
  const incidentName = values['incident-name']?.trim();
  if (incidentName !== undefined && (incidentName.length === 0 || incidentName.length > 200))
    throw new Error('--incident-name must be 1 to 200 characters');

  const started = performance.now();
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(db);
    const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    process.stderr.write(`database: ${store}${applied.length ? `, migrations applied: ${applied.join(', ')}` : ''}\n`);
    const eventBar = progressBar('events', events);
    let searchNoted = false;
    const generated = await generateIncident(db, {
      events,
      incidentName,
      seed,
      searchMode,
      onProgress(phase, done) {
        if (phase === 'events') eventBar.update(done);
        else if (!searchNoted) {
          searchNoted = true;
          eventBar.finish();
          process.stderr.write('search data: one UPDATE of every event (no progress to show)…\n');
        }
      },
    });
    if (!searchNoted) eventBar.finish();

    const lines = [
      `Generated incident ${generated.incidentId} "${generated.name}" in the organization "${GENERATED_ORGANIZATION_NAME}" (id ${generated.organizationId}; no members, so administrators see it)`,
      `  database: ${store}`,
      `  events: ${generated.events.toLocaleString('en-US')} (+${generated.markers} markers) on ${generated.streams} streams by ${generated.actors} actors (${SYNTHETIC_BOTS.length} bots), ${utc(generated.startMicros)} to ${utc(generated.endMicros)}`,
      searchMode === 'staging'
        ? `  insert: COPY in batches of 50,000 into a staging table, then INSERT ... SELECT with the search data computed: ${seconds(generated.insertMillis)} (${perSecond(generated.events, generated.insertMillis)}), one transaction`
        : `  insert: COPY in batches of 50,000 into events ${seconds(generated.insertMillis)} (${perSecond(generated.events, generated.insertMillis)}), then the search data by UPDATE ${seconds(generated.searchMillis)}, one transaction`,
    ];
    if (points > 0) {
      const path = join(config.dataDir, 'generated', `incident-${generated.incidentId}-map-points.csv`);
      const pointBar = progressBar('map points', points);
      const pointsStarted = performance.now();
      const bytes = await writeMapPointsFile(path, {
        points,
        startMicros: generated.startMicros,
        endMicros: generated.endMicros,
        seed,
        onProgress: (done) => pointBar.update(done),
      });
      pointBar.finish();
      lines.push(
        `  map points: ${points.toLocaleString('en-US')} on 6 tracks written to ${path} (${(bytes / 1_048_576).toFixed(1)} MB, ${seconds(performance.now() - pointsStarted)}).`,
        '    This is a geo CSV (timestamp, actor, latitude, longitude, altitude, heading, pitch, roll) to upload as a map.',
        '    Maps are not stored in the database yet (issue 9), so none of these points is in the incident.',
      );
    } else {
      lines.push('  map points: none (--points 0)');
    }
    lines.push(
      `  open it as an administrator: /incident/${generated.incidentId}`,
      `  total: ${seconds(performance.now() - started)}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(1);
});
