/*
 * Held rows are bytes in a buffer, written digit by digit and copied in place: the COPY text they give must
 * be what the rows' fields say, character for character, whatever the text (escapes, NUL, non-ASCII,
 * surrogate pairs, a lone surrogate), the numbers (negative, huge, fractional) and the flags, in both
 * forms, across takes that let the buffer's front go and reuse it.
 */
import { describe, expect, it } from 'vitest';
import type { ImportRecord, JsonValue } from '../../domain/import/import-record.ts';
import { extraText, messageText } from './copy-fields.ts';
import { HeldRows, type TakeRequest } from './held-rows.ts';

const MESSAGES = [
  'plain message',
  'tab\there, newline\nthere, return\r, backslash \\ end',
  'nul\0inside',
  'non-ASCII: Zürich 東京 — ok',
  'emoji 🚒 pair',
  'lone \ud800 surrogate',
  '',
];
/** A long message now and then: a row larger than the buffer's first size. */
const LONG = 'x'.repeat(1_100_000);
const TIMES = [0, 1_704_067_200_000_123, -86_400_000_000, 9_007_199_254_740_991, 1.5, 1e21];

/** Extras JSON.stringify writes (numbers, escapes, NUL) and extras of text or nulls written byte by byte. */
const EXTRAS: ((i: number) => Record<string, JsonValue>)[] = [
  () => ({}),
  (i) => ({ status: 200 + (i % 5), path: `/a\tb/${i}`, nul: i % 9 === 0 ? 'x\0y' : 'z' }),
  (i) => ({ status: String(200 + (i % 5)), method: 'GET', path: `/api/v1/items/${i}` }),
  () => ({ city: 'Zürich 東京 — ok', none: null, '': '', 'key with "quote"': 'v' }),
  () => ({ quote: 'say "hi"', back: 'a\\b', del: '\u007f', pair: '🚒', lone: '\ud800', nested: { a: [1, true] } }),
  () => ({ only: null }),
  () => ({ ключ: 'значение', '10': 'ten', '2': 'two', emptyValue: '' }),
];

function record(i: number): ImportRecord {
  const marker = i % 17 === 5;
  const base: ImportRecord = {
    line: i + 2,
    startMicros: TIMES[i % TIMES.length]!,
    endMicros: TIMES[(i + 1) % TIMES.length]!,
    actor: marker ? '' : i % 11 === 0 ? '' : `actor\t${i % 7} é`,
    message: i % 1000 === 7 ? LONG : MESSAGES[i % MESSAGES.length]!,
    extra: EXTRAS[i % EXTRAS.length]!(i),
  };
  return {
    ...base,
    ...(marker ? { isMarker: true } : i % 4 === 0 ? { isMarker: false } : {}),
    ...(i % 6 === 1 ? { actorIsBot: i % 12 === 1 } : {}),
    ...(i % 5 === 2 ? { stream: `channel ${i % 3}` } : {}),
    ...(i % 13 === 3 ? { threadKey: `17000.${i}` } : {}),
  };
}

const copy = (value: string | undefined) => (value === undefined ? '\\N' : messageText(value));
const middle = (r: ImportRecord) =>
  `${messageText(r.message)}\t${r.startMicros}\t${r.endMicros}\t${extraText(r.extra)}`;
const utf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));

describe('held rows', () => {
  const records = Array.from({ length: 3000 }, (_, i) => record(i));

  it('give the staging rows and records of their fields, then the events rows with their ids', () => {
    const held = new HeldRows('delimited');
    held.hold(records.slice(0, 1000), [], 'default');
    held.hold(records.slice(1000), [], 'default');
    const staged = held.take({ form: 'staged', rows: 700 });
    const stagedText = records
      .slice(0, 700)
      .map(
        (r, i) =>
          `${i + 1}\t${r.line}\t${r.isMarker ? 't' : 'f'}\t${r.isMarker ? '' : messageText(r.actor)}\t${r.actorIsBot ? 't' : 'f'}\t` +
          `${middle(r)}\t${copy(r.stream)}\t${copy(r.threadKey)}\n`,
      )
      .join('');
    expect(new TextDecoder().decode(staged.text)).toBe(utf8(stagedText));
    expect(staged.records).toEqual(
      records.slice(0, 700).map(({ message: _m, startMicros: _s, endMicros: _e, extra: _x, ...rest }) => rest),
    );

    const streams: [string, number][] = [
      ['default', 40],
      ...[0, 1, 2].map((n): [string, number] => [`channel ${n}`, 41 + n]),
    ];
    const actors = Array.from({ length: 7 }, (_, n): [string, number] => [`actor\t${n} é`, 900 + n]);
    const ids = new Map(streams);
    const actorIds = new Map(actors);
    let at = 700;
    // Takes of different sizes: the front of the buffer is let go and its space reused on the way.
    for (const rows of [5000, 2300]) {
      const request: TakeRequest = {
        form: 'events',
        rows,
        context: {
          incidentId: 3,
          markerStreamId: 4,
          analystId: at > 1000 ? 12 : null,
          nowMicros: 5e15,
          changeSeq: 1,
          defaultStream: 'default',
        },
        streams: at === 700 ? streams : [],
        actors: at === 700 ? actors : [],
        ids: at === 700 ? { first: 10_000 } : [7, 9, 11],
      };
      const taken = held.take(request);
      const expected = records.slice(at, at + rows).map((r, i) => {
        const id = 'first' in request.ids! ? 10_000 + i : request.ids![i];
        const stream = ids.get(r.stream ?? 'default');
        const fixed = `${request.context.analystId ?? '\\N'}\t5000000000000000\t1`;
        return r.isMarker
          ? `${id}\t3\t4\t\\N\tt\t${middle(r)}\t${r.line}\t${stream}\t${fixed}\n`
          : `${id}\t3\t${stream}\t${r.actor === '' ? '\\N' : actorIds.get(r.actor)}\tf\t${middle(r)}\t${r.line}\t\\N\t${fixed}\n`;
      });
      expect(taken.count).toBe(Math.min(rows, 3000 - at));
      expect(new TextDecoder().decode(taken.text)).toBe(utf8(expected.join('')));
      at += taken.count;
    }
    expect(at).toBe(3000);
  });

  it('let go of their front and keep the rows after it as they were', () => {
    const held = new HeldRows('delimited');
    const taken: string[] = [];
    // Held and taken in turn, as the import does: 6,000 held before the first take, then a batch each.
    for (let batch = 0; batch < 12; batch += 1) {
      held.hold(
        Array.from({ length: 1500 }, (_, i) => ({ ...record(batch * 1500 + i), line: batch * 1500 + i + 2 })),
        [],
      );
      if (batch >= 3) taken.push(new TextDecoder().decode(held.take({ form: 'staged', rows: 1400 }).text));
    }
    taken.push(new TextDecoder().decode(held.take({ form: 'staged', rows: 100_000 }).text));
    const expected = Array.from({ length: 18_000 }, (_, i) => {
      const r = { ...record(i), line: i + 2 };
      return `${i + 1}\t${r.line}\t${r.isMarker ? 't' : 'f'}\t${r.isMarker ? '' : messageText(r.actor)}\t${r.actorIsBot ? 't' : 'f'}\t${middle(r)}\t${copy(r.stream)}\t${copy(r.threadKey)}\n`;
    });
    expect(taken.join('') === utf8(expected.join(''))).toBe(true);
  });
});
