import { describe, expect, it } from 'vitest';
import { listRevisionOf, mirrorRevisionOf, stableJson, swimlaneFrameKey, type SwimlaneFrameKeyParts } from './swimlane-frame-key.ts';

const parts: SwimlaneFrameKeyParts = {
  incidentID: 7,
  revision: mirrorRevisionOf({ status: 'idle', eventsRevision: '1:40', changeRevision: '1:41' }, [], 7)?.revision,
  view: { path: '/incident/7/type/swimlane', viewState: { searchTerm: '', hiddenActorLanes: [] }, zone: 'UTC' },
  widthPx: 1200,
  heightPx: 765,
  devicePixelRatio: 1,
  scheme: 'light',
};

describe('the swimlane frame key', () => {
  it('is the same for the same parts, whatever order their objects were written in', () => {
    const reordered = { ...parts, view: { zone: 'UTC', viewState: { hiddenActorLanes: [], searchTerm: '' }, path: '/incident/7/type/swimlane' } };
    expect(swimlaneFrameKey(reordered)).toBe(swimlaneFrameKey(parts));
    expect(stableJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 2 }] } })).toBe('{"a":{"c":[3,{"e":2,"f":1}],"d":2},"b":1}');
  });

  it('differs when anything the picture is drawn from differs', () => {
    const key = swimlaneFrameKey(parts);
    const changes: Array<Partial<SwimlaneFrameKeyParts>> = [
      { incidentID: 8 },
      { revision: mirrorRevisionOf({ status: 'idle', eventsRevision: '1:42', changeRevision: '1:42' }, [], 7)?.revision },
      { revision: mirrorRevisionOf({ status: 'idle', eventsRevision: '1:40', changeRevision: '1:43' }, [], 7)?.revision },
      { view: { ...(parts.view as object), viewState: { searchTerm: 'ssh', hiddenActorLanes: [] } } },
      { view: { ...(parts.view as object), viewState: { searchTerm: '', hiddenActorLanes: [3] } } },
      { view: { ...(parts.view as object), path: '/incident/7/type/swimlane/event/5' } },
      { widthPx: 900 },
      { heightPx: 400 },
      { devicePixelRatio: 2 },
      { scheme: 'dark' },
    ];
    for (const change of changes) expect(swimlaneFrameKey({ ...parts, ...change })).not.toBe(key);
  });

  it('is none while the mirror syncs, has never synced or has no revision', () => {
    expect(swimlaneFrameKey({ ...parts, revision: undefined })).toBeUndefined();
    expect(mirrorRevisionOf({ status: 'syncing', eventsRevision: '1:40' }, [], 7)).toBeUndefined();
    expect(mirrorRevisionOf({ status: 'idle' }, [], 7)).toBeUndefined();
    expect(mirrorRevisionOf(undefined, [], 7)).toBeUndefined();
  });

  it("moves with the incident's own optimistic rows, not another incident's", () => {
    const state = { status: 'idle', eventsRevision: '1:40', changeRevision: '1:40' };
    const held = mirrorRevisionOf(state, [], 7);
    expect(mirrorRevisionOf(state, [{ id: -1, incidentID: 8, message: 'other' }], 7)).toEqual(held);
    expect(mirrorRevisionOf(state, [{ id: -1, incidentID: 7, message: 'marker' }], 7)?.revision).not.toBe(held?.revision);
  });

  it("says the events as a list read at the same stamp says them (eventsStampOf's optimistic text)", () => {
    const rows = [
      { id: -2, incidentID: 7, message: 'a' },
      { id: -1, incidentID: 7, message: 'b' },
    ];
    const mirror = mirrorRevisionOf({ status: 'idle', eventsRevision: '1:40', changeRevision: '1:41' }, rows, 7);
    expect(mirror?.events).toBe(listRevisionOf('1:40', rows.map((row) => JSON.stringify(row)).join('\n')));
    expect(mirror?.events).not.toBe(listRevisionOf('1:39', rows.map((row) => JSON.stringify(row)).join('\n')));
  });
});
