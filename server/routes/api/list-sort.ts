/*
 * Lists of organizations and incidents (spec section 3): sortField and sortDirection, each a
 * comma-separated list (several fields), checked against the fields a list may sort by.
 */
import { z } from 'zod';
import { invalid } from '../../http-error.ts';

export const SortQuerySchema = z.object({
  sortField: z.string().max(200).optional(),
  sortDirection: z.string().max(200).optional(),
});

/** The answer sortedList makes, for a list sorted by `fields` of items shaped as `item`. */
export function sortedListSchema<F extends string, T extends z.ZodType>(fields: readonly [F, ...F[]], item: T) {
  return z.object({
    sortField: z.array(z.enum(fields)),
    sortDirection: z.array(z.enum(['asc', 'desc'])),
    items: z.array(item),
    sortedItems: z.array(z.number().int()),
  });
}

interface Sort<F extends string> {
  fields: F[];
  directions: ('asc' | 'desc')[];
}

/** The sort a list query asks for; a field the list cannot sort by, or a direction too many, is refused (400). */
export function parseSort<F extends string>(
  query: { sortField?: string | undefined; sortDirection?: string | undefined },
  allowed: readonly F[],
  fallback: F,
): Sort<F> {
  const fields = (query.sortField ?? fallback)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const directions = (query.sortDirection ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!(allowed as readonly string[]).includes(field)) {
      throw invalid('sortField', `must be one or more of ${allowed.join(', ')}`);
    }
  }
  for (const direction of directions) {
    if (direction !== 'asc' && direction !== 'desc') throw invalid('sortDirection', 'must be asc or desc');
  }
  if (directions.length > fields.length) {
    throw invalid('sortDirection', 'has more entries than sortField');
  }
  return {
    fields: fields as F[],
    directions: fields.map((_, index) => (directions[index] ?? 'asc') as 'asc' | 'desc'),
  };
}

/** Orders items by the sort and answers the list shape: items, sortedItems (ids in order), sortField, sortDirection. */
export function sortedList<T extends { id: number }, F extends string>(
  items: T[],
  sort: Sort<F>,
  value: (item: T, field: F) => string | number | null,
) {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const sorted = [...items].sort((a, b) => {
    for (let index = 0; index < sort.fields.length; index += 1) {
      const field = sort.fields[index]!;
      const direction = sort.directions[index] === 'desc' ? -1 : 1;
      const x = value(a, field);
      const y = value(b, field);
      if (x === y) continue;
      // Items without a value (an incident with no events) sort last either way.
      if (x === null) return 1;
      if (y === null) return -1;
      const order = typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : x < y ? -1 : 1;
      if (order !== 0) return order * direction;
    }
    return a.id - b.id;
  });
  return {
    sortField: sort.fields,
    sortDirection: sort.directions,
    items,
    sortedItems: sorted.map((item) => item.id),
  };
}
