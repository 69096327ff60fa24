/*
 * node build/bench/organization-events-bench.js [events per incident, default 50000] [incidents, default 4]
 * Reading every event of an organization's incidents in 20,000-event keyset pages on one axis
 * (GET /api/organization/{id}/events' query) beside the baseline on the same rows: each incident read
 * through its own (incident, start, id) index and the pages merged by time in JavaScript. Best of three each.
 */
import { cpus, loadavg } from 'node:os';
import { generateIncident } from '../server/demo/synthetic-incident.ts';
import { eventPage, type EventCursor } from '../server/repositories/events-repository.ts';
import { organizationEventPage } from '../server/repositories/organization-events-repository.ts';
import { openStore } from './bench-store.ts';
import { duration, thousands, timed, versus } from './measure.ts';

const PAGE = 20_000;

async function main(): Promise<void> {
  const perIncident = Number(process.argv[2] ?? 50_000);
  const incidentCount = Number(process.argv[3] ?? 4);
  const store = await openStore('pglite');
  try {
    let organizationId = 0;
    const incidents: number[] = [];
    for (let index = 0; index < incidentCount; index += 1) {
      // Incidents overlap in time, so the organization's axis interleaves them.
      const made = await generateIncident(store.db, {
        events: perIncident,
        seed: index + 1,
        incidentName: `Bench incident ${index}`,
        startMicros: Date.UTC(2024, 5, 4, 9 + index) * 1000,
      });
      organizationId = made.organizationId;
      incidents.push(made.incidentId);
    }
    const readOrganization = () =>
      timed(async () => {
        let after: EventCursor | undefined;
        let rows = 0;
        for (;;) {
          const page = await organizationEventPage(store.db, organizationId, { after, limit: PAGE });
          rows += page.length;
          const last = page[page.length - 1];
          if (page.length < PAGE || !last) return rows;
          after = { startMicros: last.startTimestamp, id: last.id };
        }
      });
    const readPerIncident = () =>
      timed(async () => {
        const all = [];
        for (const incidentId of incidents) {
          let after: EventCursor | undefined;
          for (;;) {
            const page = await eventPage(store.db, incidentId, { after, limit: PAGE });
            all.push(...page);
            const last = page[page.length - 1];
            if (page.length < PAGE || !last) break;
            after = { startMicros: last.startTimestamp, id: last.id };
          }
        }
        all.sort((a, b) => a.startTimestamp - b.startTimestamp || a.id - b.id);
        return all.length;
      });
    // Alternated, best of three each: the first read of a store pays for a cold cache.
    let organization = await readOrganization();
    let perIncidentRead = await readPerIncident();
    for (let round = 1; round < 3; round += 1) {
      const nextBaseline = await readPerIncident();
      const nextOrganization = await readOrganization();
      if (nextBaseline.millis < perIncidentRead.millis) perIncidentRead = nextBaseline;
      if (nextOrganization.millis < organization.millis) organization = nextOrganization;
    }
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}; ${store.version}`,
    );
    console.log(
      `${thousands(organization.value)} events of ${incidentCount} incidents in ${PAGE.toLocaleString('en-US')}-event pages`,
    );
    console.log(`organization pages (one axis in SQL): ${duration(organization.millis)}`);
    console.log(
      `baseline, per incident then merged:   ${duration(perIncidentRead.millis)} (${thousands(perIncidentRead.value)} events)`,
    );
    console.log(`organization pages are ${versus(organization.millis, perIncidentRead.millis)} than the baseline`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
