import { describe, expect, it } from 'vitest';
import { goneIncidentMessage, syncFailure } from './sync-failure.ts';

describe('why a sync failed, in the analyst\'s words', () => {
  it('says the analyst is not a member when the incident\'s organization is out of reach, and what to do', () => {
    expect(goneIncidentMessage({ name: 'Ops', readable: false })).toBe('the analyst you act as is not a member of the organization "Ops". Ask an administrator to add them to it, or act as an analyst who is a member');
  });

  it('says deleted when the organization is still readable, and names both causes when unknown', () => {
    expect(goneIncidentMessage({ name: 'Ops', readable: true })).toMatch(/deleted/);
    expect(goneIncidentMessage(undefined)).toMatch(/does not exist, or the analyst you act as is not a member of its organization/);
  });

  it('tells a refused analyst (403) from a missing incident (404)', () => {
    expect(syncFailure(Object.assign(new Error('x'), { status: 403 }))).toMatchObject({ status: 'error', message: expect.stringContaining('may not act as the chosen analyst') });
    expect(syncFailure(Object.assign(new Error('x'), { status: 404 })).status).toBe('gone');
  });
});
