/*
 * Issue 10, part 4: many clients at once on the incident, its events, search and audit writes,
 * against the real server process on PGlite and on PostgreSQL. Goal: no error, no timeout, no
 * answer but 2xx, and every accepted write stored exactly once. Rates, latencies and memory are
 * figures (bench/reliability/4-load.md), never assertions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { recordFigures } from './figures.ts';
import { loadMarkdown } from './load/load-figures.ts';
import {
  auditScenario,
  eventPageCursors,
  eventsScenario,
  incidentScenario,
  searchScenario,
  type LoadScenario,
} from './load/load-scenarios.ts';
import { startLoadTarget, type LoadSeed, type LoadTarget } from './load/load-target.ts';
import { resendUnanswered, storedAuditCounts } from './load/audit-ledger-check.ts';
import { runLoad, type LoadFigures, type LoadSize } from './load/run-load.ts';
import { scaled } from './scale.ts';

// Full: a synthetic incident of 100,000 events (pages of 10,000); CI: the demo data's largest incident.
const SEED = scaled<LoadSeed>({ syntheticEvents: 100_000 }, 'demo');
const SIZE: LoadSize = scaled(
  { connections: 200, durationSeconds: 60, timeoutSeconds: 120 },
  { connections: 20, durationSeconds: 2, timeoutSeconds: 60 },
);
const runs: LoadFigures[] = [];
let incident = '';
const notes: string[] = [];

afterAll(() => {
  if (runs.length > 0) recordFigures('4-load', loadMarkdown(runs, { incident, notes, ...SIZE }));
});

/** Runs the scenario and asserts what a client relies on: every request answered, and answered 2xx. */
async function underLoad(target: LoadTarget, scenario: LoadScenario): Promise<LoadFigures> {
  const run = await runLoad(target, scenario, SIZE);
  runs.push(run);
  expect(run.requests).toBeGreaterThan(0);
  expect({ errors: run.errors, timeouts: run.timeouts, non2xx: run.non2xx }, JSON.stringify(run.statusCodes)).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
  });
  return run;
}

describe.each(DATABASE_KINDS)('%s under load', (kind) => {
  let target: LoadTarget;
  beforeAll(async () => {
    target = await startLoadTarget(kind, SEED);
    const events = `${target.eventCount.toLocaleString('en-US')} events`;
    incident =
      SEED === 'demo'
        ? `the demo data's largest incident (${events})`
        : `a synthetic incident of ${events} (\`npm run generate\`, markers included)`;
  });
  afterAll(async () => {
    await target?.close();
  });

  it(`answers ${SIZE.connections} clients reading the incident`, async () => {
    await underLoad(target, incidentScenario(target));
  });

  it(`answers ${SIZE.connections} clients reading the events in pages`, async () => {
    const { cursors, events } = await eventPageCursors(target);
    expect(events).toBe(target.eventCount);
    await underLoad(target, eventsScenario(target, cursors));
  });

  it(`answers ${SIZE.connections} clients searching the incident`, async () => {
    await underLoad(target, searchScenario(target));
  });

  it(`stores each audit write of ${SIZE.connections} clients exactly once`, async () => {
    const { scenario, ledger } = auditScenario(target, 'select event');
    const run = await underLoad(target, scenario);
    expect(ledger.refused).toEqual([]);
    expect(ledger.answered.size).toBe(run.requests);
    // Writes in flight when the run stopped got no answer: the outbox sends them again with the same key.
    const resent = await resendUnanswered(target, ledger);
    expect(resent.refused).toEqual([]);

    const db = await target.stopAndOpenDatabase();
    const stored = await storedAuditCounts(db, ledger.actionName);
    expect([...stored.values()].filter((count) => count !== 1)).toEqual([]);
    expect(stored.size).toBe(ledger.sent.size);
    expect([...ledger.sent.keys()].filter((clientID) => !stored.has(clientID))).toEqual([]);
    notes.push(
      `${run.database}: ${ledger.sent.size.toLocaleString('en-US')} audit writes sent, ${run.requests.toLocaleString('en-US')} answered 2xx during the run, ` +
        `${resent.resent} cut off by its end and sent again with their key; ${stored.size.toLocaleString('en-US')} rows stored, one per clientID.`,
    );
  });
});
