import { describe, expect, it } from 'vitest';
import { rowFieldOf } from './bulk-edit-field.ts';

describe('rowFieldOf', () => {
  it('finds the row and field the server named', () => {
    expect(rowFieldOf('actors.3.startDate')).toEqual({ row: 3, field: 'startDate' });
    expect(rowFieldOf('actors')).toBeUndefined();
    expect(rowFieldOf(undefined)).toBeUndefined();
  });
});
