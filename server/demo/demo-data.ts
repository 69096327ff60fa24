/*
 * The demo organization loaded on the first start (DEMO_DATA=true): two incidents with streams,
 * human and bot actors, markers, tags, notes, links, collections, a reply thread and a relation
 * between them, and the drone's flight log as a map of the second (drone-flight-track.ts), written in
 * one transaction. It has no members: administrators (the primary
 * analyst is one) see every organization. Demo rows name no analyst, since none exists yet.
 */
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import type { Db, DbTransaction } from '../db/database.ts';
import { recordWrite } from '../repositories/audit-repository.ts';
import { insertUpload, saveBlob, spoolBlob } from '../repositories/blob-repository.ts';
import { importMap } from '../repositories/maps-repository.ts';
import { insertIncident } from '../repositories/incidents-repository.ts';
import { rebuildSearch } from '../repositories/search-repository.ts';
import { databaseFailoverDemo } from './database-failover-demo.ts';
import { demoMicros, type DemoIncident, type DemoOrganizationActor } from './demo-incident.ts';
import { DEMO_MAP_SETTINGS, droneFlightCsv } from './drone-flight-track.ts';
import { droneLandingDemo } from './drone-landing-demo.ts';

export const DEMO_ORGANIZATION_NAME = 'Demo: Example Corp';
const DEMO_AUDIT_ACTION = 'load demo data';
// NOTE: two processes starting at once on one PostgreSQL server take turns here; the second sees the
// first's organization and loads nothing.
const DEMO_LOCK = 7_270_031;

const ORGANIZATION_ACTORS: DemoOrganizationActor[] = [
  {
    displayName: 'Priya Raman',
    isBot: false,
    startDate: '2019-04-01',
    description: 'Engineering manager, platform; incident commander rota',
  },
  { displayName: 'Marcus Chen', isBot: false, startDate: '2020-09-14', description: 'Database engineer (PostgreSQL)' },
  { displayName: 'Elena Sokolova', isBot: false, startDate: '2021-02-01', description: 'Site reliability engineer' },
  { displayName: 'Tom Okafor', isBot: false, startDate: '2022-06-20', description: 'Customer communications' },
  {
    displayName: 'Jordan Alvarez',
    isBot: false,
    startDate: '2018-11-05',
    description: 'Head of operations, data centres and field operations',
  },
  { displayName: 'Sam Rivera', isBot: false, startDate: '2023-01-09', description: 'Remote pilot (drone surveys)' },
  { displayName: 'Jo Park', isBot: false, startDate: '2023-03-27', description: 'Visual observer, facilities' },
  { displayName: 'alertmanager', isBot: true, startDate: '', description: 'Prometheus Alertmanager' },
  { displayName: 'pagerduty-bot', isBot: true, startDate: '', description: 'PagerDuty integration' },
  { displayName: 'deploy-bot', isBot: true, startDate: '', description: 'Deployment pipeline' },
  { displayName: 'statuspage-bot', isBot: true, startDate: '', description: 'Public status page' },
  { displayName: 'px4-autopilot', isBot: true, startDate: '', description: 'Flight controller of the survey drone' },
  { displayName: 'ground-control', isBot: true, startDate: '', description: 'Ground control station software' },
  { displayName: 'weather-station', isBot: true, startDate: '', description: 'Roof weather station over hall B' },
];

/** Colours from the chart palette; "decision" and the severities are labels. */
const TAG_STYLES: Array<{ itemType: 'event' | 'stream' | 'incident'; name: string; color: string; isLabel?: boolean }> =
  [
    { itemType: 'event', name: 'decision', color: '#5794F2', isLabel: true },
    { itemType: 'event', name: 'root-cause', color: '#E02F44' },
    { itemType: 'event', name: 'customer-impact', color: '#FF9830' },
    { itemType: 'event', name: 'mitigation', color: '#73BF69' },
    { itemType: 'event', name: 'data-loss-risk', color: '#FADE2A' },
    { itemType: 'event', name: 'contributing-factor', color: '#B877D9' },
    { itemType: 'event', name: 'damage', color: '#F2495C' },
    { itemType: 'stream', name: 'primary-evidence', color: '#8AB8FF' },
    { itemType: 'stream', name: 'automated', color: '#9FA7B3' },
    { itemType: 'incident', name: 'sev1', color: '#E02F44', isLabel: true },
    { itemType: 'incident', name: 'sev3', color: '#FADE2A', isLabel: true },
    { itemType: 'incident', name: 'database', color: '#5794F2' },
    { itemType: 'incident', name: 'customer-impact', color: '#FF9830' },
    { itemType: 'incident', name: 'field-operations', color: '#73BF69' },
    { itemType: 'incident', name: 'hardware', color: '#B877D9' },
  ];

const RELATION_NOTE =
  "The drone survey was one of the failover review's actions: the failed NVMe controller sat in hall B, under the cooling unit the drone was inspecting.";

export interface DemoLoad {
  organizationId: number;
  organizationName: string;
  incidentIds: number[];
  eventCount: number;
}

/** Loads the demo once: when no organization exists and it was never loaded. Undefined otherwise. */
export async function loadDemoData(db: Db): Promise<DemoLoad | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK]);
    if ((await tx.query('SELECT 1 FROM organizations LIMIT 1')).length > 0) return undefined;
    // Deleted by an analyst once: it stays deleted.
    if ((await tx.query('SELECT 1 FROM data_audit WHERE action = $1 LIMIT 1', [DEMO_AUDIT_ACTION])).length > 0)
      return undefined;

    const now = Date.now() * 1000;
    const [organization] = await tx.query<{ id: number }>(
      'INSERT INTO organizations (name, description, created_micros) VALUES ($1, $2, $3) RETURNING id',
      [
        DEMO_ORGANIZATION_NAME,
        'Loaded on the first start so there is something to explore. Delete it when you no longer need it.',
        now,
      ],
    );
    const organizationId = organization!.id;
    const actorIds = new Map<string, number>();
    for (const actor of ORGANIZATION_ACTORS) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO organization_actors (organization_id, display_name, start_date, description, is_bot, created_micros)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [organizationId, actor.displayName, actor.startDate, actor.description, actor.isBot, now],
      );
      actorIds.set(actor.displayName, row!.id);
    }

    const incidentIds: number[] = [];
    let eventCount = 0;
    for (const script of [databaseFailoverDemo, droneLandingDemo]) {
      const written = await writeIncident(tx, organizationId, actorIds, script, now);
      incidentIds.push(written.id);
      eventCount += written.eventCount;
    }
    await writeDemoMap(tx, incidentIds[1]!, droneLandingDemo.date);
    for (const style of TAG_STYLES) {
      const incidentId = style.itemType === 'incident' ? [0] : incidentIds;
      for (const id of incidentId) {
        await tx.query(
          `INSERT INTO tag_styles (organization_id, incident_id, item_type, name, color, is_label) VALUES ($1, $2, $3, $4, $5, $6)`,
          [organizationId, id, style.itemType, style.name, style.color, style.isLabel ?? false],
        );
      }
    }
    await tx.query(
      'INSERT INTO related_incidents (incident_id, related_incident_id, note, created_micros) VALUES ($1, $2, $3, $4)',
      [incidentIds[1], incidentIds[0], RELATION_NOTE, now],
    );
    await recordWrite(
      tx,
      { userID: null, analystID: null },
      {
        action: DEMO_AUDIT_ACTION,
        itemType: 'organization',
        itemID: organizationId,
        detail: { name: DEMO_ORGANIZATION_NAME, incidentIDs: incidentIds, events: eventCount },
      },
    );
    return { organizationId, organizationName: DEMO_ORGANIZATION_NAME, incidentIds, eventCount };
  });
}

/** The drone's flight log as an uploaded geo CSV and the map made from it, as POST /api/incident/{id}/map makes one. */
async function writeDemoMap(tx: DbTransaction, incidentId: number, date: string): Promise<void> {
  const file = await spoolBlob(Readable.from([droneFlightCsv(date)]), tmpdir());
  try {
    const blob = await saveBlob(tx, file);
    const uploadId = await insertUpload(tx, {
      incidentId,
      blob,
      fileName: 'hall-b-survey-drone.csv',
      mediaType: 'text/csv',
      kind: 'text',
      isSystem: true,
      analystId: null,
    });
    await importMap(tx, { incidentId, uploadId, settings: DEMO_MAP_SETTINGS, analystId: null }, file);
  } finally {
    await file.discard();
  }
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: unknown ${what} "${key}"`);
  return value;
}

async function writeIncident(
  tx: DbTransaction,
  organizationId: number,
  organizationActorIds: Map<string, number>,
  script: DemoIncident,
  now: number,
): Promise<{ id: number; eventCount: number }> {
  const id = await insertIncident(tx, {
    organizationId,
    name: script.name,
    description: script.description,
    analystId: null,
  });
  const [markerStream] = await tx.query<{ id: number }>(
    'SELECT id FROM streams WHERE incident_id = $1 AND is_marker_stream',
    [id],
  );
  const streamIds = new Map<string, number>();
  for (const stream of script.streams) {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO streams (incident_id, name, import_format, created_micros) VALUES ($1, $2, $3, $4) RETURNING id',
      [id, stream.name, stream.importFormat ?? null, now],
    );
    streamIds.set(stream.key, row!.id);
    for (const tag of stream.tags ?? []) {
      await tx.query('INSERT INTO stream_tags (stream_id, incident_id, name, created_micros) VALUES ($1, $2, $3, $4)', [
        row!.id,
        id,
        tag,
        now,
      ]);
    }
  }
  const actorIds = new Map<string, number>();
  for (const name of script.actors) {
    const organizationActorId = lookup(organizationActorIds, name, 'organization actor');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO incident_actors (incident_id, name, is_bot, organization_actor_id, created_micros)
       SELECT $1, display_name, is_bot, id, $3 FROM organization_actors WHERE id = $2 RETURNING id`,
      [id, organizationActorId, now],
    );
    actorIds.set(name, row!.id);
  }

  const eventIds = new Map<string, number>();
  for (const [index, event] of script.events.entries()) {
    const start = demoMicros(script.date, event.at);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO events (incident_id, stream_id, actor_id, message, start_micros, end_micros, source_line, created_micros, change_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, incident_change_number($1)) RETURNING id`,
      [
        id,
        lookup(streamIds, event.stream, 'stream'),
        lookup(actorIds, event.actor, 'actor'),
        event.message,
        start,
        start + (event.seconds ?? 0) * 1_000_000,
        index + 2,
        now,
      ],
    );
    if (event.key) eventIds.set(event.key, row!.id);
    for (const tag of event.tags ?? []) {
      await tx.query('INSERT INTO event_tags (event_id, incident_id, name, created_micros) VALUES ($1, $2, $3, $4)', [
        row!.id,
        id,
        tag,
        now,
      ]);
    }
  }
  for (const marker of script.markers) {
    const start = demoMicros(script.date, marker.at);
    await tx.query(
      `INSERT INTO events (incident_id, stream_id, actor_id, is_marker, message, start_micros, end_micros, created_micros, change_seq)
       VALUES ($1, $2, NULL, true, $3, $4, $5, $6, incident_change_number($1))`,
      [id, markerStream!.id, marker.message, start, start + (marker.seconds ?? 0) * 1_000_000, now],
    );
  }
  for (const tag of script.incidentTags) {
    await tx.query(
      'INSERT INTO incident_tags (incident_id, organization_id, name, created_micros) VALUES ($1, $2, $3, $4)',
      [id, organizationId, tag, now],
    );
  }
  for (const note of script.notes) {
    await tx.query(
      'INSERT INTO notes (incident_id, event_id, kind, body, created_micros, updated_micros) VALUES ($1, $2, $3, $4, $5, $5)',
      [id, note.event ? lookup(eventIds, note.event, 'event') : null, note.kind, note.text, now],
    );
  }
  for (const link of script.links) {
    await tx.query(
      'INSERT INTO links (incident_id, event_id, stream_id, url, url_type, title, created_micros) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        id,
        link.event ? lookup(eventIds, link.event, 'event') : null,
        link.stream ? lookup(streamIds, link.stream, 'stream') : null,
        link.url,
        link.urlType,
        link.title,
        now,
      ],
    );
  }
  const rootId = lookup(eventIds, script.thread.root, 'event');
  const collections = [
    ...script.collections.map((c) => ({ name: c.name, isThread: false, events: c.events })),
    { name: `Reply thread ${rootId}`, isThread: true, events: script.thread.replies },
  ];
  for (const collection of collections) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO collections (incident_id, name, is_analyst, is_thread, thread_event_id, created_micros)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id, collection.name, !collection.isThread, collection.isThread, collection.isThread ? rootId : null, now],
    );
    for (const key of collection.events) {
      await tx.query('INSERT INTO collection_events (collection_id, event_id, created_micros) VALUES ($1, $2, $3)', [
        row!.id,
        lookup(eventIds, key, 'event'),
        now,
      ]);
    }
  }
  // Tags, notes and actor names are in place: the search data covers them all.
  await rebuildSearch(tx, id);
  return { id, eventCount: script.events.length + script.markers.length };
}
