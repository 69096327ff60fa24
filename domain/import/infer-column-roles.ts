/*
 * Which columns of a delimited sample hold the start time (one column, or a date column and the
 * clock column after it), the actor and the message, from names first and then from evidence across
 * the sample rows. Every decision comes with a sentence saying why, for the detection's reason.
 */
import type { DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import { inferTimeShape, type TimeShape } from '../time/infer-time-shape.ts';
import { isUnifiedAuditLog } from './composed-message.ts';
import { utcOffsetMinutes } from './delimited-record.ts';
import type { ColumnMapping } from './delimited-settings.ts';
import { normalizeName, suggestColumnMapping } from './suggest-mapping.ts';

interface ColumnRoles {
  readonly mapping: Partial<{ -readonly [R in keyof ColumnMapping]: ColumnMapping[R] }>;
  readonly numericUnit: EpochUnit;
  readonly dateOrder: DateOrder | undefined;
  readonly reasons: string[];
}

interface TimeOption {
  readonly start: number;
  readonly clock: number | undefined;
  readonly shape: TimeShape;
}

const NUMBER = /^\s*[+-]?\d+([.,]\d+)?\s*$/;
// Host, user and module names: no spaces or slashes; DOMAIN\user is a name, C:\path is not.
const SHORT_NAME = /^(?![A-Za-z]:\\)[^\s/]{1,40}$/;
const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]*:[0-9a-f:]+$/i;
const OFFSET_NAMES = new Set([
  'offset',
  'utcoffset',
  'tzoffset',
  'timezoneoffset',
  'tz',
  'timezone',
  'zone',
  'gmtoffset',
]);
const CLOCK_NAMES = new Set(['time', 'clock', 'hour', 'timeofday', 'uhrzeit', 'heure', 'hora']);

export function inferColumnRoles(
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  nullValues: readonly string[] = [],
): ColumnRoles {
  const nulls = new Set(['', ...nullValues]);
  const cellsOf = (index: number) =>
    rows.map((fields) => (fields[index] ?? '').trim()).filter((cell) => !nulls.has(cell));
  const named = suggestColumnMapping(columns);
  const label = (index: number) =>
    columns[index]?.startsWith('column ') ? columns[index] : `column "${columns[index] ?? index + 1}"`;
  const reasons: string[] = [];
  const mapping: ColumnRoles['mapping'] = {};

  const time = bestTimeOption(columns, cellsOf, rows, named.startTime);
  if (time === undefined) {
    reasons.push('no column reads as times: choose the start time column');
    return { mapping, numericUnit: 'auto', dateOrder: undefined, reasons };
  }
  mapping.startTime = time.start;
  const example = cellsOf(time.start)[0] ?? '';
  if (time.clock === undefined) {
    reasons.push(
      `start time: ${label(time.start)} (${example})${time.shape.reason === '' ? '' : `, ${time.shape.reason}`}`,
    );
  } else {
    mapping.startClock = time.clock;
    const clockExample = cellsOf(time.clock)[0] ?? '';
    reasons.push(
      `start time: the date in ${label(time.start)} (${example}) with the time of day in ${label(time.clock)} (${clockExample})${time.shape.reason === '' ? '' : `, ${time.shape.reason}`}`,
    );
  }
  const taken = new Set([time.start, time.clock]);
  const offset = offsetColumn(columns, cellsOf, taken);
  if (offset !== undefined) {
    mapping.utcOffset = offset;
    taken.add(offset);
    reasons.push(
      `UTC offset of each row: ${label(offset)} (${cellsOf(offset)[0] ?? ''}), for times written without one`,
    );
  }
  if (
    named.endTime !== undefined &&
    !taken.has(named.endTime) &&
    inferTimeShape(cellsOf(named.endTime), 0.5) !== undefined
  ) {
    mapping.endTime = named.endTime;
    taken.add(named.endTime);
  }

  // A column named for the actor but empty in every sampled row (Windows DHCP Server's "User Name") names
  // no one: the next name that fits among the columns with values (its "Host Name").
  const filled = (index: number) => cellsOf(index).some((cell) => cell.trim() !== '');
  const actorByName = suggestColumnMapping(columns.map((name, index) => (filled(index) ? name : ''))).actor;
  const namedActor = actorByName !== undefined && !taken.has(actorByName) ? actorByName : undefined;
  const actor = namedActor ?? repeatedNames(columns.length, cellsOf, taken);
  if (actor !== undefined) {
    mapping.actor = actor;
    taken.add(actor);
    const seen = [...new Set(cellsOf(actor))].slice(0, 3).join(', ');
    reasons.push(
      `actor: ${label(actor)}${namedActor === actor ? ' by its name' : `, a column of repeated short names (${seen})`}`,
    );
  }
  // Columns of a request (W3C names: IIS's own format, a W3C log saved as CSV): the parser builds
  // "GET /path?query 200" from them rather than taking one column.
  const request = named.message === undefined && columns.includes('cs-method') && columns.includes('cs-uri-stem');
  const message =
    isUnifiedAuditLog(columns) || request
      ? undefined
      : named.message !== undefined && !taken.has(named.message)
        ? named.message
        : longestText(columns.length, cellsOf, taken);
  if (isUnifiedAuditLog(columns))
    reasons.push(
      "message: a Microsoft 365 audit log's operation with the object, result and client address its AuditData gives",
    );
  else if (request) reasons.push('message: built from the method, URI stem and query and the status');
  else if (message !== undefined) {
    mapping.message = message;
    reasons.push(`message: ${label(message)}${named.message === message ? ' by its name' : ', the longest free text'}`);
  } else reasons.push("message: no column of text, so a summary of each row's first fields");
  return {
    mapping,
    numericUnit: time.shape.kind === 'epoch' ? time.shape.numericUnit : 'auto',
    dateOrder: time.shape.dateOrder,
    reasons,
  };
}

const IDENTIFIER_NAME = /(?:^|[\s_.-])(?:id|Id|ID|uuid|UUID|guid|GUID)$|[a-z\d](?:Id|ID)$/;

/** The most precise reading of the start: one column, or a date column and the clock column after it. */
function bestTimeOption(
  columns: readonly string[],
  cellsOf: (index: number) => string[],
  rows: readonly (readonly string[])[],
  namedStart: number | undefined,
): TimeOption | undefined {
  const width = columns.length;
  const clockColumns = columns.flatMap((name, index) => (CLOCK_NAMES.has(normalizeName(name)) ? [index] : []));
  const options: TimeOption[] = [];
  for (let index = 0; index < width; index += 1) {
    // A column named as a time may hold some bad rows; an unnamed one must read nearly throughout.
    const share = index === namedStart ? 0.5 : 0.9;
    const shape = inferTimeShape(cellsOf(index), share);
    if (shape === undefined) continue;
    // An identifier's digits are not an epoch: Discord's 18-digit "AuthorID" snowflakes read as
    // nanoseconds in 1982, finer than the "Date" column beside them.
    if (shape.kind === 'epoch' && IDENTIFIER_NAME.test(columns[index] ?? '')) continue;
    if (shape.kind === 'date') {
      // The clock is the next column, or one named as a time of day anywhere in the row.
      const clocks = new Set([index + 1, ...clockColumns].filter((clock) => clock < width && clock !== index));
      for (const clock of clocks) {
        const joined = rows
          .map((fields) => `${fields[index] ?? ''} ${fields[clock] ?? ''}`.trim())
          .filter((cell) => cell !== '');
        const withClock = inferTimeShape(joined, share);
        if (withClock !== undefined && withClock.kind !== 'date')
          options.push({ start: index, clock, shape: withClock });
      }
    }
    options.push({ start: index, clock: undefined, shape });
  }
  // Finest first; at equal precision the column named as a time, then the earlier column.
  options.sort(
    (a, b) =>
      b.shape.precision - a.shape.precision ||
      Number(b.start === namedStart) - Number(a.start === namedStart) ||
      a.start - b.start,
  );
  return options[0];
}

/** A column named as an offset or zone whose every cell reads as a UTC offset ("+02:00", "UTC-5"). */
function offsetColumn(
  columns: readonly string[],
  cellsOf: (index: number) => string[],
  taken: ReadonlySet<number | undefined>,
): number | undefined {
  const index = columns.findIndex((name, at) => !taken.has(at) && OFFSET_NAMES.has(normalizeName(name)));
  const cells = index === -1 ? [] : cellsOf(index);
  return cells.length > 0 && cells.every((cell) => utcOffsetMinutes(cell) !== undefined) ? index : undefined;
}

/** A column of short names repeating across rows (hosts, users, modules): the most varied such column. */
function repeatedNames(
  width: number,
  cellsOf: (index: number) => string[],
  taken: ReadonlySet<number | undefined>,
): number | undefined {
  let best: number | undefined;
  let bestDistinct = 0;
  for (let index = 0; index < width; index += 1) {
    if (taken.has(index)) continue;
    const cells = cellsOf(index);
    if (cells.length < 2) continue;
    const numeric = cells.filter((cell) => NUMBER.test(cell)).length;
    if (
      numeric > cells.length * 0.2 ||
      !cells.every((cell) => SHORT_NAME.test(cell) && (/[A-Za-z]/.test(cell) || IP_ADDRESS.test(cell)))
    )
      continue;
    if (inferTimeShape(cells, 0.5) !== undefined) continue;
    const distinct = new Set(cells).size;
    if (distinct < 2 || distinct > cells.length / 2) continue;
    if (distinct > bestDistinct) [best, bestDistinct] = [index, distinct];
  }
  return best;
}

/**
 * The column with the most free text (cells with spaces and letters); failing that, the column with
 * the most text of any kind (Squid's URL), numbers and names taken elsewhere left out.
 */
function longestText(
  width: number,
  cellsOf: (index: number) => string[],
  taken: ReadonlySet<number | undefined>,
): number | undefined {
  const lengths = (wordy: boolean) => {
    let best: number | undefined;
    let bestLength = 0;
    for (let index = 0; index < width; index += 1) {
      if (taken.has(index) || inferTimeShape(cellsOf(index), 0.5) !== undefined) continue;
      const length = cellsOf(index)
        .filter((cell) => /[A-Za-z]/.test(cell) && !NUMBER.test(cell) && (!wordy || cell.includes(' ')))
        .reduce((sum, cell) => sum + cell.length, 0);
      if (length > bestLength) [best, bestLength] = [index, length];
    }
    return best;
  };
  return lengths(true) ?? lengths(false);
}
