import { describe, expect, it } from 'vitest';
import { auditQueryString, AuditFiltersSchema } from './audit-filters.ts';

describe('audit filters', () => {
  it('read the URL search, dropping what is not valid', () => {
    expect(
      AuditFiltersSchema.parse({
        analystID: '7',
        action: ' logout ',
        minTimestamp: 5,
        maxTimestamp: 'soon',
        itemType: '',
      }),
    ).toEqual({
      analystID: 7,
      action: 'logout',
      minTimestamp: 5,
      maxTimestamp: undefined,
      itemType: undefined,
    });
    expect(AuditFiltersSchema.parse({ analystID: -1 })).toEqual({
      analystID: undefined,
      action: undefined,
      itemType: undefined,
      minTimestamp: undefined,
      maxTimestamp: undefined,
    });
  });

  it('become the API query with paging', () => {
    expect(auditQueryString({ analystID: 7, action: 'set color mode' }, undefined)).toBe(
      'analystID=7&action=set+color+mode&limit=50',
    );
    expect(auditQueryString({}, 120, 10)).toBe('before=120&limit=10');
  });
});
