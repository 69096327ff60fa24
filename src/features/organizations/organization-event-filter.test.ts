import { describe, expect, it } from 'vitest';
import { filterOrganizationEvents, type OrganizationFilter } from './organization-event-filter.ts';

const event = (streamID: number, actorID: number, startTimestamp: number, message: string, isMarker = false) => ({
  streamID,
  actorID,
  isMarker,
  message,
  startTimestamp,
  endTimestamp: startTimestamp,
});
const events = [
  event(1, 10, 100, 'Payments down'),
  event(2, 10, 200, 'Login slow'),
  event(1, 11, 300, 'payments BACK up'),
  event(2, 0, 400, 'Marker: all clear', true),
];
const none: OrganizationFilter = { interval: null, hiddenIncidentIDs: new Set(), actorID: undefined, text: '' };
const kept = (filter: Partial<OrganizationFilter>) =>
  Array.from(filterOrganizationEvents(events, { ...none, ...filter }).positions);

describe("the organization pictures' filters", () => {
  it('keeps everything when nothing is set', () => {
    expect(kept({})).toEqual([0, 1, 2, 3]);
  });
  it('keeps the events inside the time interval', () => {
    expect(kept({ interval: { start: 150, end: 300 } })).toEqual([1, 2]);
  });
  it('leaves out the incidents switched off', () => {
    expect(kept({ hiddenIncidentIDs: new Set([2]) })).toEqual([0, 2]);
  });
  it("keeps one actor's events, and the markers as context", () => {
    expect(kept({ actorID: 11 })).toEqual([2, 3]);
  });
  it('needs every word of the search term, in any case', () => {
    expect(kept({ text: 'PAYMENTS' })).toEqual([0, 2]);
    expect(kept({ text: 'payments up' })).toEqual([2]);
  });
});
