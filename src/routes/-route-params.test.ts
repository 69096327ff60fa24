import { describe, expect, it } from 'vitest';
import {
  auditTypeParam,
  countTypeParam,
  eventIDsParam,
  idParam,
  incidentTagNameParam,
  parseID,
  parseIDList,
  viewNameParam,
  visualizationNameParam,
} from './-route-params.ts';

describe('route parameters', () => {
  it('accept positive integer ids in plain digits only', () => {
    expect(parseID('7')).toBe(7);
    expect(parseID('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const raw of ['0', '-1', '07', '1e3', '0x10', ' 7', '7 ', '1.5', 'abc', '', '9007199254740992', undefined]) {
      expect(parseID(raw)).toBeUndefined();
    }
  });

  it('match a route only with a valid id (false: the URL is invalid)', () => {
    const incident = idParam('incidentID');
    expect(incident.parse({ incidentID: '12' })).toEqual({ incidentID: 12 });
    expect(incident.parse({ incidentID: 'new' })).toBe(false);
    expect(incident.stringify({ incidentID: 12 })).toEqual({ incidentID: '12' });
  });

  it('read an event group as a list of distinct ids', () => {
    expect(parseIDList('3,5,8')).toEqual([3, 5, 8]);
    expect(eventIDsParam.parse({ eventIDs: '4' })).toEqual({ eventIDs: [4] });
    for (const raw of ['', '3,', ',3', '3,,5', '3,x', '3,3', '3;5'])
      expect(eventIDsParam.parse({ eventIDs: raw })).toBe(false);
    expect(eventIDsParam.stringify({ eventIDs: [3, 5] })).toEqual({ eventIDs: '3,5' });
  });

  it('know the view names, visualizations, count types and audit types', () => {
    expect(viewNameParam.parse({})).toEqual({});
    expect(viewNameParam.parse({ viewName: 'swimlane' })).toEqual({ viewName: 'swimlane' });
    expect(viewNameParam.parse({ viewName: 'event' })).toBe(false);
    expect(visualizationNameParam.parse({ visualizationName: 'cross-incident-connections' })).toEqual({
      visualizationName: 'cross-incident-connections',
    });
    expect(visualizationNameParam.parse({ visualizationName: 'swimlane' })).toEqual({ visualizationName: 'swimlane' });
    expect(visualizationNameParam.parse({ visualizationName: 'pie' })).toBe(false);
    expect(countTypeParam.parse({ countType: 'human-actor-events' })).toEqual({ countType: 'human-actor-events' });
    expect(countTypeParam.parse({ countType: 'humans' })).toBe(false);
    expect(auditTypeParam.parse({ auditType: 'ui' })).toEqual({ auditType: 'ui' });
    expect(auditTypeParam.parse({ auditType: 'data' })).toEqual({ auditType: 'data' });
    expect(auditTypeParam.parse({ auditType: 'UI' })).toBe(false);
  });

  it('take any tag name that is not blank', () => {
    expect(incidentTagNameParam.parse({ incidentTagName: 'root cause' })).toEqual({ incidentTagName: 'root cause' });
    expect(incidentTagNameParam.parse({ incidentTagName: '  ' })).toBe(false);
  });
});
