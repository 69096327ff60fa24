import { describe, expect, it } from 'vitest';
import { moveColumn, orderColumns } from './swimlane-columns.ts';

const actors = [
  { id: 1, name: 'Priya' },
  { id: 2, name: 'Marcus' },
  { id: 3, name: 'alertmanager' },
];

describe('swimlane columns', () => {
  it('follows the saved order, then names; drops gone ids; keeps hidden apart', () => {
    const { visible, hidden } = orderColumns(actors, [9, 1], [2]);
    expect(visible.map((column) => column.id)).toEqual([1, 3]);
    expect(hidden.map((column) => column.id)).toEqual([2]);
  });

  it('moves a column before another, or last', () => {
    expect(moveColumn([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(moveColumn([1, 2, 3], 1, undefined)).toEqual([2, 3, 1]);
  });
});
