/*
 * A stream's clock offset as the analyst types it: "+90s", "-1h 30m", "250ms", "-00:01:30" or
 * "1:30" (minutes:seconds), and back. Exact to the microsecond (no floating point on the way), and
 * bounded like the server's StreamUpdateSchema, so what is accepted here is what PUT accepts.
 */

type OffsetParse = { readonly ok: true; readonly micros: number } | { readonly ok: false; readonly reason: string };

/** The server takes at most a year either way (domain/stream.ts StreamUpdateSchema). */
export const MAX_OFFSET_MICROS = 86_400_000_000 * 365;

const UNIT_MICROS: Readonly<Record<string, number>> = {
  d: 86_400_000_000,
  h: 3_600_000_000,
  m: 60_000_000,
  min: 60_000_000,
  s: 1_000_000,
  sec: 1_000_000,
  ms: 1_000,
  us: 1,
  µs: 1,
};
const UNIT_ORDER = ['d', 'h', 'm', 's', 'ms', 'us'] as const;
const CANONICAL: Readonly<Record<string, (typeof UNIT_ORDER)[number]>> = { min: 'm', sec: 's', µs: 'us' };

const CLOCK = /^(\d+):(\d{1,2})(?::(\d{1,2}))?(?:\.(\d{1,6}))?$/;
const PART = /(\d+(?:\.\d+)?)\s*(ms|us|µs|min|sec|d|h|m|s)(?![a-zµ])/giy;
const HINT = 'write it like +90s, -1h 30m, 250ms or -00:01:30';

/** Decimal text times a unit, exactly; undefined when it is finer than a microsecond. */
function decimalMicros(text: string, unitMicros: number): number | undefined {
  const [whole = '0', fraction = ''] = text.split('.');
  const scale = 10 ** fraction.length;
  const fractionMicros = (Number(fraction || '0') * unitMicros) / scale;
  if (!Number.isInteger(fractionMicros)) return undefined;
  return Number(whole) * unitMicros + fractionMicros;
}

export function parseClockOffset(input: string): OffsetParse {
  const text = input.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: false, reason: `is empty: ${HINT}` };
  const sign = text.startsWith('-') ? -1 : 1;
  const body = /^[+-]/.test(text) ? text.slice(1).trimStart() : text;
  if (body === '') return { ok: false, reason: `has a sign but no amount: ${HINT}` };
  const magnitude = CLOCK.test(body) ? clockMicros(body) : unitMicros(body);
  if (typeof magnitude === 'string') return { ok: false, reason: magnitude };
  if (magnitude > MAX_OFFSET_MICROS)
    return { ok: false, reason: 'is more than 365 days: a clock is never that far off' };
  // `0 * -1` is -0, which JSON sends as 0 anyway; keep it a plain 0.
  return { ok: true, micros: magnitude === 0 ? 0 : sign * magnitude };
}

function clockMicros(body: string): number | string {
  const [, first = '0', second = '0', third, fraction = ''] = CLOCK.exec(body) ?? [];
  // h:mm:ss with three parts, m:ss with two.
  const [hours, minutes, seconds] =
    third === undefined ? [0, Number(first), Number(second)] : [Number(first), Number(second), Number(third)];
  if (third !== undefined && minutes > 59) return `has ${minutes} minutes: minutes run 00 to 59 in h:mm:ss`;
  if (seconds > 59) return `has ${seconds} seconds: seconds run 00 to 59`;
  return hours * UNIT_MICROS.h! + minutes * UNIT_MICROS.m! + seconds * UNIT_MICROS.s! + Number(fraction.padEnd(6, '0'));
}

function unitMicros(body: string): number | string {
  let total = 0;
  let at = 0;
  const seen = new Set<string>();
  PART.lastIndex = 0;
  while (at < body.length) {
    PART.lastIndex = at;
    const match = PART.exec(body);
    if (!match) {
      const rest = body.slice(at);
      if (/^\d+(\.\d+)?$/.test(rest)) return `"${rest}" has no unit: add s, m, h, d, ms or µs (${HINT})`;
      return `cannot read "${rest.slice(0, 20)}": ${HINT}`;
    }
    const [, amount = '', rawUnit = ''] = match;
    const unit = rawUnit.toLowerCase();
    const name = CANONICAL[unit] ?? unit;
    if (seen.has(name)) return `gives ${name} twice`;
    seen.add(name);
    const micros = decimalMicros(amount, UNIT_MICROS[unit]!);
    if (micros === undefined) return `"${amount}${rawUnit}" is finer than a microsecond`;
    total += micros;
    at = PART.lastIndex;
    while (body[at] === ' ' || body[at] === ',') at += 1;
  }
  return total;
}

/** Compact, readable and exact: "+1h 30m", "-90ms", "+1m 0.5s" never; "+1m 500ms". Zero is "0s". */
export function formatClockOffset(micros: number): string {
  if (micros === 0) return '0s';
  let rest = Math.abs(micros);
  const parts: string[] = [];
  for (const unit of UNIT_ORDER) {
    const size = UNIT_MICROS[unit]!;
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit === 'us' ? 'µs' : unit}`);
  }
  return `${micros < 0 ? '-' : '+'}${parts.join(' ')}`;
}
