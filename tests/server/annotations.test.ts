/*
 * Annotation writes (spec section 3): collections and reply threads, tags and their styles, notes,
 * links and related incidents, as the incident and event reads then show them.
 * Long because: the refusals (403, 404 behind an organization wall, 401) run over every route.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/test-database.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { T0, useIncidentServer } from '../support/incident-server.ts';
import { addMember, countRows, giveAnalyst, signIn } from '../support/test-server.ts';

const ANNOTATION_TABLES = [
  'collections',
  'collection_events',
  'event_tags',
  'stream_tags',
  'incident_tags',
  'tag_styles',
  'notes',
  'links',
  'related_incidents',
  'data_audit',
];

const FIXTURE_ACTIONS = ['create organization', 'create incident', 'create stream', 'create event'];

type Write = InjectOptions & { method: 'POST' | 'PUT' | 'DELETE'; url: string };

describe.each(DATABASE_KINDS)('annotations on %s', (kind) => {
  const suite = useIncidentServer(kind, { admin: 'admin' });

  /** An organization with two incidents, each with a stream: two events in the first, one in the other. */
  async function setUp() {
    const organizationID = await suite.createOrganization('Ops');
    const incidentID = await suite.createIncident(organizationID, 'Outage');
    const otherIncidentID = await suite.createIncident(organizationID, 'Earlier outage');
    const streamID = await suite.createStream(incidentID, 'chat');
    const otherStreamID = await suite.createStream(otherIncidentID, 'chat');
    const late = await suite.createEvent(incidentID, {
      streamID,
      message: 'rollback done',
      startTimestamp: T0 + 2_000_000,
    });
    const early = await suite.createEvent(incidentID, {
      streamID,
      message: 'database is slow',
      startTimestamp: T0,
    });
    const foreignEvent = await suite.createEvent(otherIncidentID, {
      streamID: otherStreamID,
      message: 'elsewhere',
      startTimestamp: T0,
    });
    return { organizationID, incidentID, otherIncidentID, streamID, otherStreamID, early, late, foreignEvent };
  }
  type Setup = Awaited<ReturnType<typeof setUp>>;

  const incidentOf = async (id: number) => {
    const response = await suite.writer.request({ url: `/api/incident/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().incident;
  };
  const eventOf = async (id: number) => (await suite.writer.request({ url: `/api/event/${id}` })).json().event;
  /** The data audit of one item, oldest first, leaving out the fixtures' own writes. */
  const auditActions = async (itemType: string, itemID: number) => {
    const response = await suite.writer.request({ url: `/api/audit/data?itemType=${itemType}&itemID=${itemID}` });
    const entries: Array<{ action: string; analystID: number; userID: number }> = response.json().entries;
    for (const entry of entries)
      expect([entry.analystID, entry.userID]).toEqual([suite.writer.userID, suite.writer.userID]);
    return entries
      .map((entry) => entry.action)
      .filter((action) => !FIXTURE_ACTIONS.includes(action))
      .reverse();
  };
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(ANNOTATION_TABLES.map(async (table) => [table, await countRows(suite.server.db, table)])),
    );
  /** A note of kind "other" on the incident of `s`; its id. */
  const noteOnIncident = async (s: Setup, text: string): Promise<number> => {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/note`,
      payload: { kind: 'other', text },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().note.id;
  };
  /** A collection "c" holding the early event; its id. */
  const collectionOfEarly = async (s: Setup): Promise<number> => {
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/collection`,
      payload: { name: 'c', eventIDs: [s.early] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().collection.id;
  };
  /** Creating the incident's `what` from a bad payload: 400 naming `field`, nothing stored; the error. */
  const refusesCreating = async (
    what: 'collection' | 'note' | 'link',
    make: (s: Setup) => Record<string, unknown>,
    field: string,
  ) => {
    const s = await setUp();
    const before = await counts();
    const response = await suite.writer.request({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/${what}`,
      payload: make(s),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.field).toBe(field);
    expect(await counts()).toEqual(before);
    return { s, message: response.json().error.message as string };
  };
  const searchHits = async (eventID: number, words: string) => {
    const rows = await suite.server.db.query<{ hit: boolean }>(
      "SELECT search_vector @@ plainto_tsquery('english', $2) AS hit FROM events WHERE id = $1",
      [eventID, words],
    );
    return rows[0]!.hit;
  };

  describe('collections', () => {
    it('creates, renames, fills, empties and deletes an analyst collection', async () => {
      const s = await setUp();
      const created = await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${s.incidentID}/collection`,
        payload: { name: '  Timeline of the rollback ', eventIDs: [s.late, s.early, s.late] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().collection.id;
      expect((await incidentOf(s.incidentID)).collections).toEqual([
        {
          id,
          incidentID: s.incidentID,
          name: 'Timeline of the rollback',
          isAnalyst: true,
          isThread: false,
          threadEventID: null,
          eventIDs: [s.early, s.late],
          analystID: suite.writer.userID,
        },
      ]);
      expect(await eventOf(s.early)).toMatchObject({
        collectionIDs: [id],
        collectionNames: ['Timeline of the rollback'],
      });

      expect(
        (await suite.writer.request({ method: 'PUT', url: `/api/collection/${id}`, payload: { name: 'Rollback' } }))
          .statusCode,
      ).toBe(200);
      expect(await eventOf(s.late)).toMatchObject({ collectionIDs: [id], collectionNames: ['Rollback'] });

      const removed = await suite.writer.request({
        method: 'DELETE',
        url: `/api/collection/${id}/events`,
        payload: { eventIDs: [s.early] },
      });
      expect(removed.json()).toMatchObject({ collection: { id }, changed: 1 });
      expect((await eventOf(s.early)).collectionIDs).toEqual([]);
      const again = await suite.writer.request({
        method: 'DELETE',
        url: `/api/collection/${id}/events`,
        payload: { eventIDs: [s.early] },
      });
      expect(again.json().changed).toBe(0);
      const added = await suite.writer.request({
        method: 'POST',
        url: `/api/collection/${id}/events`,
        payload: { eventIDs: [s.early, s.late] },
      });
      expect(added.json().changed).toBe(1);
      expect((await incidentOf(s.incidentID)).collections[0].eventIDs).toEqual([s.early, s.late]);

      expect((await suite.writer.request({ method: 'DELETE', url: `/api/collection/${id}` })).json().deleted).toBe(
        true,
      );
      expect((await incidentOf(s.incidentID)).collections).toEqual([]);
      expect((await eventOf(s.late)).collectionNames).toEqual([]);
      expect((await suite.writer.request({ method: 'DELETE', url: `/api/collection/${id}` })).statusCode).toBe(404);
      expect(await auditActions('collection', id)).toEqual([
        'create collection',
        'update collection',
        'remove collection events',
        'add collection events',
        'delete collection',
      ]);
    });

    it('makes the reply thread of an event once, holding the event, and keeps it a thread', async () => {
      const s = await setUp();
      const first = await suite.writer.request({ method: 'POST', url: `/api/event/${s.early}/thread` });
      expect(first.statusCode, first.body).toBe(201);
      const id = first.json().collection.id;
      const second = await suite.writer.request({ method: 'POST', url: `/api/event/${s.early}/thread` });
      expect(second.statusCode).toBe(200);
      expect(second.json().collection.id).toBe(id);
      expect((await incidentOf(s.incidentID)).collections).toEqual([
        {
          id,
          incidentID: s.incidentID,
          name: `Reply thread ${s.early}`,
          isAnalyst: false,
          isThread: true,
          threadEventID: s.early,
          eventIDs: [s.early],
          analystID: suite.writer.userID,
        },
      ]);
      expect(await eventOf(s.early)).toMatchObject({
        collectionIDs: [id],
        collectionNames: [`Reply thread ${s.early}`],
      });

      // Two calls at once still make one thread.
      const [a, b] = await Promise.all(
        [1, 2].map(() => suite.writer.request({ method: 'POST', url: `/api/event/${s.late}/thread` })),
      );
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 201]);
      expect(a!.json().collection.id).toBe(b!.json().collection.id);
      expect((await incidentOf(s.incidentID)).collections.map((c: { name: string }) => c.name)).toEqual([
        `Reply thread ${s.early}`,
        `Reply thread ${s.late}`,
      ]);

      expect(
        (
          await suite.writer.request({
            method: 'POST',
            url: `/api/collection/${id}/events`,
            payload: { eventIDs: [s.late] },
          })
        ).json().changed,
      ).toBe(1);
      const root = await suite.writer.request({
        method: 'DELETE',
        url: `/api/collection/${id}/events`,
        payload: { eventIDs: [s.late, s.early] },
      });
      expect(root.statusCode).toBe(400);
      expect(root.json().error).toMatchObject({ field: 'eventIDs', message: expect.stringContaining(String(s.early)) });
      const rename = await suite.writer.request({
        method: 'PUT',
        url: `/api/collection/${id}`,
        payload: { name: 'Chat' },
      });
      expect(rename.statusCode).toBe(409);
      expect((await incidentOf(s.incidentID)).collections[0]).toMatchObject({
        id,
        name: `Reply thread ${s.early}`,
        eventIDs: [s.early, s.late],
      });
      expect(await auditActions('collection', id)).toEqual(['create reply thread', 'add collection events']);
      expect((await suite.writer.request({ method: 'POST', url: '/api/event/987654321/thread' })).statusCode).toBe(404);
    });

    it.each([
      ['no name', () => ({ eventIDs: [] }), 'name'],
      ['an empty name', () => ({ name: '   ' }), 'name'],
      ['a name over 200 characters', () => ({ name: 'x'.repeat(201) }), 'name'],
      ['a name that is a number', () => ({ name: 7 }), 'name'],
      ['an event id as text', () => ({ name: 'c', eventIDs: ['1'] }), 'eventIDs.0'],
      ['an unknown field', () => ({ name: 'c', color: 'red' }), 'color'],
      [
        'an event of another incident',
        (s: Setup) => ({ name: 'c', eventIDs: [s.early, s.foreignEvent, 987654321] }),
        'eventIDs',
      ],
    ])('refuses a collection with %s, storing nothing', async (_name, make, field) => {
      const { s, message } = await refusesCreating('collection', make, field);
      if (field === 'eventIDs') expect(message).toContain(String(s.foreignEvent));
    });

    it('refuses bad member lists and renames, changing nothing', async () => {
      const s = await setUp();
      const id = await collectionOfEarly(s);
      const before = await counts();
      const bad: Array<[Write, string]> = [
        [{ method: 'POST', url: `/api/collection/${id}/events`, payload: { eventIDs: [] } }, 'eventIDs'],
        [{ method: 'POST', url: `/api/collection/${id}/events`, payload: {} }, 'eventIDs'],
        [
          { method: 'POST', url: `/api/collection/${id}/events`, payload: { eventIDs: [s.late, s.foreignEvent] } },
          'eventIDs',
        ],
        [
          { method: 'DELETE', url: `/api/collection/${id}/events`, payload: { eventIDs: [s.foreignEvent] } },
          'eventIDs',
        ],
        [{ method: 'POST', url: `/api/collection/${id}/events`, payload: { eventIDs: [-1] } }, 'eventIDs.0'],
        [{ method: 'PUT', url: `/api/collection/${id}`, payload: {} }, 'name'],
        [{ method: 'PUT', url: `/api/collection/${id}`, payload: { name: '' } }, 'name'],
        [{ method: 'PUT', url: '/api/collection/abc', payload: { name: 'x' } }, 'collectionID'],
      ];
      for (const [write, field] of bad) {
        const response = await suite.writer.request(write);
        expect(response.statusCode, `${write.method} ${write.url} ${response.body}`).toBe(400);
        expect(response.json().error.field).toBe(field);
      }
      expect(
        (
          await suite.writer.request({
            method: 'POST',
            url: '/api/collection/987654321/events',
            payload: { eventIDs: [s.early] },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await suite.writer.request({
            method: 'POST',
            url: `/api/incident/987654321/collection`,
            payload: { name: 'c' },
          })
        ).statusCode,
      ).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });

  describe('tags', () => {
    it('tags events, streams and incidents once each, with counts, and removes them', async () => {
      const s = await setUp();
      const tag = encodeURIComponent('needs review/ops ✓');
      const first = await suite.writer.request({ method: 'PUT', url: `/api/event/${s.early}/tag/${tag}` });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().tag).toEqual({ itemType: 'event', itemID: s.early, name: 'needs review/ops ✓' });
      expect((await suite.writer.request({ method: 'PUT', url: `/api/event/${s.early}/tag/${tag}` })).statusCode).toBe(
        200,
      );
      expect((await suite.writer.request({ method: 'PUT', url: `/api/event/${s.late}/tag/${tag}` })).statusCode).toBe(
        201,
      );
      expect(
        (await suite.writer.request({ method: 'PUT', url: `/api/event/${s.late}/tag/%20%20cause%20` })).statusCode,
      ).toBe(201);
      expect(
        (await suite.writer.request({ method: 'PUT', url: `/api/stream/${s.streamID}/tag/noisy` })).statusCode,
      ).toBe(201);
      expect(
        (await suite.writer.request({ method: 'PUT', url: `/api/incident/${s.incidentID}/tag/sev1` })).statusCode,
      ).toBe(201);
      expect(
        (await suite.writer.request({ method: 'PUT', url: `/api/incident/${s.otherIncidentID}/tag/sev1` })).statusCode,
      ).toBe(201);

      const incident = await incidentOf(s.incidentID);
      const tagRow = (name: string, itemType: string, count: number) => ({
        name,
        count,
        color: '',
        isLabel: false,
        itemType,
        analystID: suite.writer.userID,
        incidentID: s.incidentID,
      });
      expect(incident.tags).toEqual([
        tagRow('cause', 'event', 1),
        tagRow('needs review/ops ✓', 'event', 2),
        tagRow('sev1', 'incident', 1),
        tagRow('noisy', 'stream', 1),
      ]);
      expect(incident.eventTags).toEqual(
        [
          { itemID: s.late, name: 'cause', analystID: suite.writer.userID },
          { itemID: s.late, name: 'needs review/ops ✓', analystID: suite.writer.userID },
          { itemID: s.early, name: 'needs review/ops ✓', analystID: suite.writer.userID },
        ].sort((a, b) => a.itemID - b.itemID || a.name.localeCompare(b.name)),
      );
      expect(incident.streamTags).toEqual([{ itemID: s.streamID, name: 'noisy', analystID: suite.writer.userID }]);
      expect(incident.incidentTags).toEqual(['sev1']);
      expect(await eventOf(s.late)).toMatchObject({
        eventTagNames: ['cause', 'needs review/ops ✓'],
        tags: ['cause', 'needs review/ops ✓'],
        incidentTagNames: ['sev1'],
      });
      expect((await suite.writer.request({ url: `/api/stream/${s.streamID}` })).json().stream.tags).toEqual(['noisy']);
      const organization = (await suite.writer.request({ url: `/api/organization/${s.organizationID}` })).json()
        .organization;
      expect(organization.incidentTags).toEqual([{ name: 'sev1', count: 2, color: '', isLabel: false }]);
      expect(await searchHits(s.late, 'cause')).toBe(true);

      const removed = await suite.writer.request({ method: 'DELETE', url: `/api/event/${s.late}/tag/cause` });
      expect(removed.json().deleted).toBe(true);
      expect(
        (await suite.writer.request({ method: 'DELETE', url: `/api/event/${s.late}/tag/cause` })).json().deleted,
      ).toBe(false);
      expect(await searchHits(s.late, 'cause')).toBe(false);
      expect(
        (await suite.writer.request({ method: 'DELETE', url: `/api/stream/${s.streamID}/tag/noisy` })).json().deleted,
      ).toBe(true);
      expect(
        (await suite.writer.request({ method: 'DELETE', url: `/api/incident/${s.incidentID}/tag/sev1` })).json()
          .deleted,
      ).toBe(true);
      const after = await incidentOf(s.incidentID);
      expect(after.tags.map((t: { name: string; count: number }) => [t.name, t.count])).toEqual([
        ['needs review/ops ✓', 2],
      ]);
      expect(after.incidentTags).toEqual([]);
      expect((await eventOf(s.late)).eventTagNames).toEqual(['needs review/ops ✓']);

      expect(await auditActions('event', s.late)).toEqual(['add event tag', 'add event tag', 'remove event tag']);
      expect(await auditActions('stream', s.streamID)).toEqual(['add stream tag', 'remove stream tag']);
      expect(await auditActions('incident', s.incidentID)).toEqual(['add incident tag', 'remove incident tag']);
    });

    it('styles tag names: event tags per incident, incident tags for the whole organization', async () => {
      const s = await setUp();
      await suite.writer.request({ method: 'PUT', url: `/api/event/${s.early}/tag/cause` });
      await suite.writer.request({ method: 'PUT', url: `/api/incident/${s.incidentID}/tag/sev1` });
      await suite.writer.request({ method: 'PUT', url: `/api/incident/${s.otherIncidentID}/tag/sev1` });
      const style = await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/tag-style`,
        payload: { itemType: 'event', name: 'cause', color: '#ff0000' },
      });
      expect(style.statusCode, style.body).toBe(200);
      expect(style.json().tagStyle).toEqual({ itemType: 'event', name: 'cause', color: '#ff0000', isLabel: false });
      const label = await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/tag-style`,
        payload: { itemType: 'event', name: 'cause', isLabel: true },
      });
      expect(label.json().tagStyle).toEqual({ itemType: 'event', name: 'cause', color: '#ff0000', isLabel: true });
      await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/tag-style`,
        payload: { itemType: 'incident', name: 'sev1', color: '#00ff00', isLabel: true },
      });

      const tags = (await incidentOf(s.incidentID)).tags;
      expect(tags.find((t: { name: string }) => t.name === 'cause')).toMatchObject({
        itemType: 'event',
        color: '#ff0000',
        isLabel: true,
      });
      expect(tags.find((t: { name: string }) => t.name === 'sev1')).toMatchObject({
        itemType: 'incident',
        color: '#00ff00',
        isLabel: true,
      });
      // The other incident shares the organization's incident tag style, not the first incident's event tag style.
      await suite.writer.request({ method: 'PUT', url: `/api/event/${s.foreignEvent}/tag/cause` });
      const otherTags = (await incidentOf(s.otherIncidentID)).tags;
      expect(otherTags.find((t: { name: string }) => t.name === 'sev1')).toMatchObject({
        color: '#00ff00',
        isLabel: true,
      });
      expect(otherTags.find((t: { name: string }) => t.name === 'cause')).toMatchObject({ color: '', isLabel: false });
      expect(
        (await suite.writer.request({ url: `/api/organization/${s.organizationID}` })).json().organization.incidentTags,
      ).toEqual([{ name: 'sev1', count: 2, color: '#00ff00', isLabel: true }]);
      expect(await auditActions('incident', s.incidentID)).toEqual([
        'add incident tag',
        'set tag style',
        'set tag style',
      ]);
      expect(await auditActions('organization', s.organizationID)).toContain('set tag style');
    });

    it('refuses bad tag names and styles, storing nothing', async () => {
      const s = await setUp();
      const before = await counts();
      const bad: Array<[Write, string]> = [
        [{ method: 'PUT', url: `/api/event/${s.early}/tag/${'x'.repeat(101)}` }, 'tagName'],
        [{ method: 'PUT', url: `/api/event/${s.early}/tag/%20%20` }, 'tagName'],
        [{ method: 'PUT', url: `/api/event/${s.early}/tag/bell%07` }, 'tagName'],
        [{ method: 'PUT', url: `/api/stream/${s.streamID}/tag/line%0Abreak` }, 'tagName'],
        [{ method: 'PUT', url: `/api/incident/${s.incidentID}/tag/del%7F` }, 'tagName'],
        [{ method: 'PUT', url: `/api/event/1.5/tag/x` }, 'eventID'],
        [
          {
            method: 'PUT',
            url: `/api/incident/${s.incidentID}/tag-style`,
            payload: { itemType: 'event', name: 'x', color: 'red' },
          },
          'color',
        ],
        [
          { method: 'PUT', url: `/api/incident/${s.incidentID}/tag-style`, payload: { itemType: 'actor', name: 'x' } },
          'itemType',
        ],
        [{ method: 'PUT', url: `/api/incident/${s.incidentID}/tag-style`, payload: { itemType: 'event' } }, 'name'],
        [
          {
            method: 'PUT',
            url: `/api/incident/${s.incidentID}/tag-style`,
            payload: { itemType: 'event', name: 'x', isLabel: 'yes' },
          },
          'isLabel',
        ],
      ];
      for (const [write, field] of bad) {
        const response = await suite.writer.request(write);
        expect(response.statusCode, `${write.url} ${response.body}`).toBe(400);
        expect(response.json().error.field).toBe(field);
      }
      for (const url of [
        '/api/event/987654321/tag/x',
        '/api/stream/987654321/tag/x',
        '/api/incident/987654321/tag/x',
      ]) {
        expect((await suite.writer.request({ method: 'PUT', url })).statusCode, url).toBe(404);
      }
      expect(await counts()).toEqual(before);
    });
  });

  describe('notes', () => {
    it('adds incident and event notes, changes and deletes them, keeping search data current', async () => {
      const s = await setUp();
      const incidentNote = await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${s.incidentID}/note`,
        payload: { kind: 'write-up', text: 'Root cause: a full disk.' },
      });
      expect(incidentNote.statusCode, incidentNote.body).toBe(201);
      const eventNote = await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${s.incidentID}/note`,
        payload: { kind: 'interview', text: 'Ada saw the pager first', eventID: s.early },
      });
      expect(eventNote.statusCode, eventNote.body).toBe(201);
      const [incidentNoteID, eventNoteID] = [incidentNote.json().note.id, eventNote.json().note.id];
      const incident = await incidentOf(s.incidentID);
      expect(incident.counts.eventNoteCount).toBe(1);
      expect(incident.notes).toMatchObject([
        {
          id: incidentNoteID,
          incidentID: s.incidentID,
          eventID: null,
          kind: 'write-up',
          text: 'Root cause: a full disk.',
          analystID: suite.writer.userID,
          analystName: `Analyst ${suite.writer.username}`,
        },
        { id: eventNoteID, eventID: s.early, kind: 'interview', text: 'Ada saw the pager first' },
      ]);
      expect((await eventOf(s.early)).notes.map((n: { id: number }) => n.id)).toEqual([eventNoteID]);
      expect(await searchHits(s.early, 'pager')).toBe(true);

      const created = incident.notes[1];
      const changed = await suite.writer.request({
        method: 'PUT',
        url: `/api/note/${eventNoteID}`,
        payload: { text: 'Grace saw the alert first' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const note = (await eventOf(s.early)).notes[0];
      expect(note).toMatchObject({
        kind: 'interview',
        text: 'Grace saw the alert first',
        createTimestamp: created.createTimestamp,
        analystID: suite.writer.userID,
      });
      expect(note.updateTimestamp).toBeGreaterThan(created.updateTimestamp);
      expect(await searchHits(s.early, 'pager')).toBe(false);
      expect(await searchHits(s.early, 'alert')).toBe(true);
      expect(
        (
          await suite.writer.request({
            method: 'PUT',
            url: `/api/note/${eventNoteID}`,
            payload: { kind: 'group review' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await eventOf(s.early)).notes[0]).toMatchObject({
        kind: 'group review',
        text: 'Grace saw the alert first',
      });

      expect((await suite.writer.request({ method: 'DELETE', url: `/api/note/${eventNoteID}` })).json().deleted).toBe(
        true,
      );
      expect((await eventOf(s.early)).notes).toEqual([]);
      expect(await searchHits(s.early, 'alert')).toBe(false);
      expect((await incidentOf(s.incidentID)).notes.map((n: { id: number }) => n.id)).toEqual([incidentNoteID]);
      expect((await suite.writer.request({ method: 'DELETE', url: `/api/note/${eventNoteID}` })).statusCode).toBe(404);
      expect(await auditActions('event_note', eventNoteID)).toEqual([
        'create note',
        'update note',
        'update note',
        'delete note',
      ]);
      expect(await auditActions('incident_note', incidentNoteID)).toEqual(['create note']);
    });

    it.each([
      ['no kind', () => ({ text: 't' }), 'kind'],
      ['an unknown kind', () => ({ kind: 'diary', text: 't' }), 'kind'],
      ['no text', () => ({ kind: 'other' }), 'text'],
      ['blank text', () => ({ kind: 'other', text: ' \n ' }), 'text'],
      ['text over 200,000 characters', () => ({ kind: 'other', text: 'x'.repeat(200_001) }), 'text'],
      ['text that is a list', () => ({ kind: 'other', text: ['a'] }), 'text'],
      [
        'an event of another incident',
        (s: Setup) => ({ kind: 'other', text: 't', eventID: s.foreignEvent }),
        'eventID',
      ],
      ['an unknown event', () => ({ kind: 'other', text: 't', eventID: 987654321 }), 'eventID'],
      ['an event id as text', (s: Setup) => ({ kind: 'other', text: 't', eventID: String(s.early) }), 'eventID'],
    ])('refuses a note with %s, storing nothing', async (_name, make, field) => {
      await refusesCreating('note', make, field);
    });

    it('refuses bad note changes, changing nothing', async () => {
      const s = await setUp();
      const id = await noteOnIncident(s, 'kept');
      for (const [payload, field] of [
        [{}, 'text'],
        [{ text: '' }, 'text'],
        [{ kind: 'memo' }, 'kind'],
        [{ eventID: s.early }, 'eventID'],
      ] as const) {
        const response = await suite.writer.request({ method: 'PUT', url: `/api/note/${id}`, payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.field).toBe(field);
      }
      expect(
        (await suite.writer.request({ method: 'PUT', url: '/api/note/987654321', payload: { text: 'x' } })).statusCode,
      ).toBe(404);
      expect((await incidentOf(s.incidentID)).notes).toMatchObject([{ id, kind: 'other', text: 'kept' }]);
    });
  });

  describe('links', () => {
    it('adds links to an incident, an event and a stream, and deletes them', async () => {
      const s = await setUp();
      const add = (payload: object) =>
        suite.writer.request({ method: 'POST', url: `/api/incident/${s.incidentID}/link`, payload });
      const plain = await add({
        url: ' https://grafana.example.org/d/abc?from=now-1h ',
        urlType: 'grafana',
        title: 'Latency',
      });
      expect(plain.statusCode, plain.body).toBe(201);
      const onEvent = (
        await add({ url: 'http://phab.example.org/T1', urlType: 'phabricator', title: 'Task', eventID: s.early })
      ).json().link.id;
      const onStream = (
        await add({ url: 'https://example.org/chat.log', urlType: 'source', title: '', streamID: s.streamID })
      ).json().link.id;
      const links = (await incidentOf(s.incidentID)).links;
      expect(links).toMatchObject([
        {
          id: plain.json().link.id,
          incidentID: s.incidentID,
          eventID: null,
          streamID: null,
          url: 'https://grafana.example.org/d/abc?from=now-1h',
          urlType: 'grafana',
          title: 'Latency',
          analystID: suite.writer.userID,
        },
        { id: onEvent, eventID: s.early, streamID: null, urlType: 'phabricator' },
        { id: onStream, eventID: null, streamID: s.streamID, urlType: 'source' },
      ]);
      expect((await eventOf(s.early)).links.map((l: { id: number }) => l.id)).toEqual([onEvent]);
      expect(
        (await suite.writer.request({ url: `/api/stream/${s.streamID}` }))
          .json()
          .stream.links.map((l: { id: number }) => l.id),
      ).toEqual([onStream]);
      const withDefaults = await add({ url: 'https://example.org/' });
      expect((await incidentOf(s.incidentID)).links.at(-1)).toMatchObject({
        id: withDefaults.json().link.id,
        urlType: 'other',
        title: '',
      });

      expect((await suite.writer.request({ method: 'DELETE', url: `/api/link/${onEvent}` })).json().deleted).toBe(true);
      expect((await eventOf(s.early)).links).toEqual([]);
      expect((await suite.writer.request({ method: 'DELETE', url: `/api/link/${onEvent}` })).statusCode).toBe(404);
      expect(await auditActions('link', onEvent)).toEqual(['create link', 'delete link']);
    });

    it.each([
      ['a javascript: address', () => ({ url: 'javascript:alert(document.cookie)' }), 'url'],
      ['a javascript: address dressed up', () => ({ url: ' JavaScript://example.org/%0aalert(1)' }), 'url'],
      ['a data: address', () => ({ url: 'data:text/html,<script>alert(1)</script>' }), 'url'],
      ['a file: address', () => ({ url: 'file:///etc/passwd' }), 'url'],
      ['a relative address', () => ({ url: '/incident/1' }), 'url'],
      ['an address with one slash', () => ({ url: 'http:/example.org' }), 'url'],
      ['an address with backslashes', () => ({ url: 'https:\\\\example.org' }), 'url'],
      ['no address', () => ({ title: 't' }), 'url'],
      ['an address over 4096 characters', () => ({ url: `https://example.org/${'a'.repeat(4100)}` }), 'url'],
      ['an unknown link type', () => ({ url: 'https://example.org', urlType: 'ftp' }), 'urlType'],
      ['a title over 500 characters', () => ({ url: 'https://example.org', title: 'x'.repeat(501) }), 'title'],
      [
        'an event of another incident',
        (s: Setup) => ({ url: 'https://example.org', eventID: s.foreignEvent }),
        'eventID',
      ],
      [
        'a stream of another incident',
        (s: Setup) => ({ url: 'https://example.org', streamID: s.otherStreamID }),
        'streamID',
      ],
    ])('refuses a link with %s, storing nothing', async (_name, make, field) => {
      await refusesCreating('link', make, field);
    });
  });

  describe('related incidents', () => {
    it('relates two incidents once, whichever way round, and shows it on both sides', async () => {
      const s = await setUp();
      const url = `/api/incident/${s.incidentID}/related/${s.otherIncidentID}`;
      const made = await suite.writer.request({ method: 'PUT', url, payload: { note: 'same disk' } });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().relatedIncident).toEqual({ incidentID: s.incidentID, relatedIncidentID: s.otherIncidentID });
      expect((await incidentOf(s.incidentID)).relatedIncidents).toEqual([
        { incidentID: s.otherIncidentID, name: 'Earlier outage', note: 'same disk', analystID: suite.writer.userID },
      ]);
      expect((await incidentOf(s.otherIncidentID)).relatedIncidents).toEqual([
        { incidentID: s.incidentID, name: 'Outage', note: 'same disk', analystID: suite.writer.userID },
      ]);

      const reverse = await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.otherIncidentID}/related/${s.incidentID}`,
        payload: { note: 'same disk, same host' },
      });
      expect(reverse.statusCode).toBe(200);
      expect((await suite.writer.request({ method: 'PUT', url })).statusCode).toBe(200);
      const pairs = await suite.server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM related_incidents WHERE incident_id IN ($1, $2) AND related_incident_id IN ($1, $2)',
        [s.incidentID, s.otherIncidentID],
      );
      expect(pairs[0]!.count).toBe(1);
      expect((await incidentOf(s.incidentID)).relatedIncidents).toMatchObject([
        { incidentID: s.otherIncidentID, note: 'same disk, same host' },
      ]);

      expect(
        (
          await suite.writer.request({
            method: 'DELETE',
            url: `/api/incident/${s.otherIncidentID}/related/${s.incidentID}`,
          })
        ).json().deleted,
      ).toBe(true);
      expect((await suite.writer.request({ method: 'DELETE', url })).json().deleted).toBe(false);
      expect((await incidentOf(s.incidentID)).relatedIncidents).toEqual([]);
      expect((await incidentOf(s.otherIncidentID)).relatedIncidents).toEqual([]);
      expect(await auditActions('incident', s.incidentID)).toEqual(['add related incident']);
      expect(await auditActions('incident', s.otherIncidentID)).toEqual([
        'update related incident',
        'remove related incident',
      ]);
    });

    it('refuses itself, unknown and unreadable incidents, and long notes, storing nothing', async () => {
      const s = await setUp();
      const stranger = await signIn(suite.server);
      await giveAnalyst(suite.server, stranger, 'write');
      const hiddenIncident = await createIncident(
        stranger,
        await createOrganization(stranger, 'Hidden'),
        'Hidden incident',
      );
      const before = await counts();
      const self = await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/related/${s.incidentID}`,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.field).toBe('relatedIncidentID');
      const long = await suite.writer.request({
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/related/${s.otherIncidentID}`,
        payload: { note: 'x'.repeat(2001) },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.field).toBe('note');
      for (const url of [
        `/api/incident/${s.incidentID}/related/${hiddenIncident}`,
        `/api/incident/${hiddenIncident}/related/${s.incidentID}`,
        `/api/incident/${s.incidentID}/related/987654321`,
      ]) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const response = await suite.writer.request({ method, url });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.body).not.toContain('Hidden');
        }
      }
      expect(await counts()).toEqual(before);
    });
  });

  it('attributes annotations to the analyst acted as, and their audit to the user too', async () => {
    const s = await setUp();
    const ivan = await signIn(suite.server);
    const helen = await signIn(suite.server);
    await giveAnalyst(suite.server, ivan, 'write');
    await addMember(suite.admin, s.organizationID, ivan);
    expect(
      (await suite.admin.request({ method: 'PUT', url: `/api/analyst/${ivan.userID}/grant/${helen.userID}` }))
        .statusCode,
    ).toBe(200);
    const asIvan = (write: Write) => helen.request({ ...write, analyst: ivan.userID });
    const note = await asIvan({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/note`,
      payload: { kind: 'document', text: 'runbook' },
    });
    expect(note.statusCode, note.body).toBe(201);
    await asIvan({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/collection`,
      payload: { name: 'by Ivan', eventIDs: [s.early] },
    });
    await asIvan({ method: 'PUT', url: `/api/event/${s.early}/tag/ivan` });
    await asIvan({
      method: 'POST',
      url: `/api/incident/${s.incidentID}/link`,
      payload: { url: 'https://example.org/runbook' },
    });
    await asIvan({ method: 'PUT', url: `/api/incident/${s.incidentID}/related/${s.otherIncidentID}` });
    const incident = await incidentOf(s.incidentID);
    for (const list of [
      incident.notes,
      incident.collections,
      incident.tags,
      incident.eventTags,
      incident.links,
      incident.relatedIncidents,
    ]) {
      expect(list.map((row: { analystID: number }) => row.analystID)).toEqual([ivan.userID]);
    }
    const entry = (
      await suite.admin.request({ url: `/api/audit/data?itemType=incident_note&itemID=${note.json().note.id}` })
    ).json().entries[0];
    expect(entry).toMatchObject({ action: 'create note', userID: helen.userID, analystID: ivan.userID });
  });

  /** One call of every annotation write, aimed at the things of `s`. */
  async function everyWrite(s: Setup): Promise<Write[]> {
    const collection = await collectionOfEarly(s);
    const note = await noteOnIncident(s, 'n');
    const link = (
      await suite.writer.request({
        method: 'POST',
        url: `/api/incident/${s.incidentID}/link`,
        payload: { url: 'https://example.org' },
      })
    ).json().link.id;
    await suite.writer.request({ method: 'PUT', url: `/api/event/${s.early}/tag/kept` });
    await suite.writer.request({ method: 'PUT', url: `/api/incident/${s.incidentID}/related/${s.otherIncidentID}` });
    return [
      { method: 'POST', url: `/api/incident/${s.incidentID}/collection`, payload: { name: 'x' } },
      { method: 'PUT', url: `/api/collection/${collection}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/collection/${collection}` },
      { method: 'POST', url: `/api/collection/${collection}/events`, payload: { eventIDs: [s.late] } },
      { method: 'DELETE', url: `/api/collection/${collection}/events`, payload: { eventIDs: [s.early] } },
      { method: 'POST', url: `/api/event/${s.late}/thread` },
      { method: 'PUT', url: `/api/event/${s.early}/tag/x` },
      { method: 'DELETE', url: `/api/event/${s.early}/tag/kept` },
      { method: 'PUT', url: `/api/stream/${s.streamID}/tag/x` },
      { method: 'DELETE', url: `/api/stream/${s.streamID}/tag/x` },
      { method: 'PUT', url: `/api/incident/${s.incidentID}/tag/x` },
      { method: 'DELETE', url: `/api/incident/${s.incidentID}/tag/x` },
      {
        method: 'PUT',
        url: `/api/incident/${s.incidentID}/tag-style`,
        payload: { itemType: 'event', name: 'kept', color: '#123456' },
      },
      { method: 'POST', url: `/api/incident/${s.incidentID}/note`, payload: { kind: 'other', text: 'x' } },
      { method: 'PUT', url: `/api/note/${note}`, payload: { text: 'x' } },
      { method: 'DELETE', url: `/api/note/${note}` },
      { method: 'POST', url: `/api/incident/${s.incidentID}/link`, payload: { url: 'https://example.org/x' } },
      { method: 'DELETE', url: `/api/link/${link}` },
      { method: 'PUT', url: `/api/incident/${s.incidentID}/related/${s.otherIncidentID}`, payload: { note: 'x' } },
      { method: 'DELETE', url: `/api/incident/${s.incidentID}/related/${s.otherIncidentID}` },
    ];
  }

  it('refuses every write of a read-only analyst (403) and stores nothing, while letting them read', async () => {
    const s = await setUp();
    const reader = await signIn(suite.server);
    await giveAnalyst(suite.server, reader, 'read');
    await addMember(suite.admin, s.organizationID, reader);
    const writes = await everyWrite(s);
    const before = await counts();
    for (const write of writes) {
      const response = await reader.request(write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect((await reader.request({ url: `/api/incident/${s.incidentID}` })).json().incident.collections).toHaveLength(
      1,
    );
  });

  it("answers 404 for another organization's annotations, storing nothing and naming nothing", async () => {
    const s = await setUp();
    const outsider = await signIn(suite.server);
    await giveAnalyst(suite.server, outsider, 'write');
    const own = await createIncident(outsider, await createOrganization(outsider, 'Theirs'));
    const writes = await everyWrite(s);
    const before = await counts();
    for (const write of writes) {
      const response = await outsider.request(write);
      expect(response.statusCode, `${write.method} ${write.url} ${response.body}`).toBe(404);
      expect(response.body).not.toMatch(/Outage|kept/);
    }
    // Their own incident cannot reach into ours either: our ids are not events or streams of theirs.
    const probes: Write[] = [
      { method: 'POST', url: `/api/incident/${own}/collection`, payload: { name: 'x', eventIDs: [s.early] } },
      { method: 'POST', url: `/api/incident/${own}/note`, payload: { kind: 'other', text: 'x', eventID: s.early } },
      {
        method: 'POST',
        url: `/api/incident/${own}/link`,
        payload: { url: 'https://example.org', streamID: s.streamID },
      },
    ];
    for (const probe of probes) expect((await outsider.request(probe)).statusCode, probe.url).toBe(400);
    expect(
      (await outsider.request({ method: 'PUT', url: `/api/incident/${own}/related/${s.incidentID}` })).statusCode,
    ).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answers 401 to every write without a session, storing nothing', async () => {
    const s = await setUp();
    const writes = await everyWrite(s);
    const before = await counts();
    for (const write of writes) {
      const response = await suite.server.app.inject(write);
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
    expect(await counts()).toEqual(before);
  });

  it('describes every annotation write in the OpenAPI document, with its answers', async () => {
    const document = (await suite.server.app.inject({ url: '/api/openapi.json' })).json();
    const expected: Array<[string, string, string[]]> = [
      ['/api/incident/{incidentID}/collection', 'post', ['201', '400', '403', '404']],
      ['/api/collection/{collectionID}', 'put', ['200', '400', '404']],
      ['/api/collection/{collectionID}/events', 'delete', ['200', '400']],
      ['/api/event/{eventID}/thread', 'post', ['200', '201']],
      ['/api/event/{eventID}/tag/{tagName}', 'put', ['200', '201', '400']],
      ['/api/stream/{streamID}/tag/{tagName}', 'delete', ['200']],
      ['/api/incident/{incidentID}/tag/{tagName}', 'put', ['200', '201']],
      ['/api/incident/{incidentID}/tag-style', 'put', ['200', '400']],
      ['/api/incident/{incidentID}/note', 'post', ['201', '400']],
      ['/api/note/{noteID}', 'put', ['200', '404']],
      ['/api/incident/{incidentID}/link', 'post', ['201', '400']],
      ['/api/link/{linkID}', 'delete', ['200', '404']],
      ['/api/incident/{incidentID}/related/{relatedIncidentID}', 'put', ['200', '201', '404']],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.summary).toBeTruthy();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(statuses));
    }
  });
});
