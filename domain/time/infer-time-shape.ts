/*
 * What a column of times holds, decided from many sample cells at once rather than from the first:
 * epoch numbers and their unit, or date-time text and its date order (a value of 13 or more in a
 * position decides day-first against month-first; "yy/mm/dd", as Spark and Hadoop write it, when the
 * first field holds still while the third moves, or reads as the later past year). The reason is a
 * sentence for the analyst.
 */
import { readDateTimeText, type DateOrder } from './date-time-text.ts';
import {
  isEpochNumber,
  readEpochNumber,
  unitByMagnitude,
  type EpochUnit,
  type FixedEpochUnit,
} from './epoch-number.ts';

export interface TimeShape {
  /** 'date': every cell is a calendar date without a time of day. */
  readonly kind: 'epoch' | 'date-time' | 'date';
  readonly numericUnit: EpochUnit;
  readonly dateOrder: DateOrder | undefined;
  /** Share of the non-empty cells read, 0-1. */
  readonly readable: number;
  /** Finest time told: -2 a date, -1 minutes, 0 seconds, else fraction digits. */
  readonly precision: number;
  readonly reason: string;
}

const TWO_DIGIT_DATE = /^(\d{2})([/.-])(\d{2})\2(\d{2})(?!\d)/;
const NUMERIC_DATE = /^(?:[A-Za-z]+,?\s+)?(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?!\d)/;
const UNIT_PRECISION: Record<FixedEpochUnit, number> = { seconds: 0, milliseconds: 3, microseconds: 6, nanoseconds: 9 };
// Epoch numbers outside these years are counters or ids, not times.
const EARLIEST_MICROS = Date.UTC(1980, 0, 1) * 1000;
const LATEST_MICROS = Date.UTC(2100, 0, 1) * 1000;

/** The shape of a time column from its sample cells, or undefined when too few of them read as times. */
export function inferTimeShape(cells: readonly string[], minimumShare = 0.9): TimeShape | undefined {
  const filled = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (filled.length === 0) return undefined;
  const compactDates = filled.every((cell) => (cell.length === 8 || cell.length === 14) && !cell.includes('.'));
  if (filled.every(isEpochNumber) && !compactDates) return epochShape(filled, minimumShare);
  const { order, reason } = yearFirstInstead(filled, decideDateOrder(filled));
  let read = 0;
  let precision = -2;
  for (const cell of filled) {
    const fields = readDateTimeText(cell, order);
    if (fields === undefined || fields.year < 1970) continue;
    read += 1;
    precision = Math.max(precision, fields.precision);
  }
  const readable = read / filled.length;
  if (readable < minimumShare) return undefined;
  const kind = precision === -2 ? 'date' : 'date-time';
  return { kind, numericUnit: 'auto', dateOrder: order, readable, precision, reason };
}

function epochShape(cells: readonly string[], minimumShare: number): TimeShape | undefined {
  const units = new Set(cells.map((cell) => unitByMagnitude(cell.split('.')[0]?.length ?? 0)));
  const [unit] = units;
  if (units.size !== 1 || unit === undefined) return undefined;
  const inRange = cells.filter((cell) => {
    const micros = readEpochNumber(cell, unit);
    return micros !== undefined && micros >= EARLIEST_MICROS && micros < LATEST_MICROS;
  }).length;
  const readable = inRange / cells.length;
  if (readable < minimumShare) return undefined;
  const fractions = Math.max(...cells.map((cell) => (cell.includes('.') ? cell.length - cell.indexOf('.') - 1 : 0)));
  const digits = cells[0]?.split('.')[0]?.length ?? 0;
  return {
    kind: 'epoch',
    numericUnit: unit,
    dateOrder: undefined,
    readable,
    precision: Math.min(UNIT_PRECISION[unit] + fractions, 9),
    reason: `epoch ${unit}: ${digits}-digit numbers such as ${cells[0] ?? ''}`,
  };
}

/** Day-first or month-first from the largest value seen in each position of numeric dates. */
function decideDateOrder(cells: readonly string[]): { order: DateOrder | undefined; reason: string } {
  let firstMax = 0;
  let secondMax = 0;
  let separator = '';
  let matched = 0;
  for (const cell of cells) {
    const match = NUMERIC_DATE.exec(cell);
    if (match === null) continue;
    matched += 1;
    firstMax = Math.max(firstMax, Number(match[1]));
    secondMax = Math.max(secondMax, Number(match[3]));
    separator ||= match[2] ?? '';
  }
  if (matched === 0) return { order: undefined, reason: '' };
  const example = (value: number, position: string) => `${value} in the ${position} position`;
  if (firstMax > 12 && secondMax <= 12) {
    return {
      order: 'dmy',
      reason: `day-first dates: ${example(firstMax, 'first')}, nothing above 12 in the second (the month)`,
    };
  }
  if (secondMax > 12 && firstMax <= 12) {
    return {
      order: 'mdy',
      reason: `US dates: nothing above 12 in the first position (the month), ${example(secondMax, 'second')}`,
    };
  }
  if (firstMax > 12 && secondMax > 12) {
    return {
      order: 'mdy',
      reason: `dates disagree (${example(firstMax, 'first')}, ${example(secondMax, 'second')}): read month-first, check the invalid rows`,
    };
  }
  const dates = `${matched} date${matched === 1 ? '' : 's'}`;
  return separator === '.'
    ? {
        order: 'dmy',
        reason: `no value above 12 decides the date order in ${dates}; dates with "." are read day-first`,
      }
    : { order: 'mdy', reason: `no value above 12 decides the date order in ${dates}; read month-first (US)` };
}

/**
 * Year-first instead of the order decided, for dates of three two-digit fields ("17/06/09 20:10:40",
 * log4j's yy/MM/dd in Spark and Hadoop) that all read year-first. The year is the field that holds
 * still while the day moves: the first holding one value while the third changes means year-first.
 * Where the sample is one day, the reading with the later year that is not in the future wins
 * ("17/06/09": 2017 rather than 2009). Dotted dates ("17.06.09") stay day-first, as Europe writes them.
 */
function yearFirstInstead(
  cells: readonly string[],
  decided: { order: DateOrder | undefined; reason: string },
): { order: DateOrder | undefined; reason: string } {
  if (decided.order === undefined || decided.order === 'ymd') return decided;
  const dates: { fields: string[]; cell: string }[] = [];
  for (const cell of cells) {
    const match = TWO_DIGIT_DATE.exec(cell);
    if (match === null) return decided;
    if (readDateTimeText(cell, 'ymd') === undefined) return decided;
    dates.push({ fields: [match[1] ?? '', match[3] ?? '', match[4] ?? ''], cell });
  }
  const first = dates[0];
  if (first === undefined) return decided;
  const firsts = new Set(dates.map((date) => date.fields[0]));
  const thirds = new Set(dates.map((date) => date.fields[2]));
  if (firsts.size === 1 && thirds.size > 1) {
    return {
      order: 'ymd',
      reason: `year-first dates (yy/mm/dd): ${first.fields[0] ?? ''} stays in the first position while the third (the day) changes`,
    };
  }
  if (firsts.size > 1 || thirds.size > 1 || TWO_DIGIT_DATE.exec(first.cell)?.[2] === '.') return decided;
  const yearFirst = readDateTimeText(first.cell, 'ymd')?.year ?? 0;
  const decidedYear = readDateTimeText(first.cell, decided.order)?.year ?? Number.POSITIVE_INFINITY;
  if (yearFirst <= decidedYear || yearFirst > new Date().getUTCFullYear()) return decided;
  const stamp = first.cell.slice(0, 8);
  return {
    order: 'ymd',
    reason: `year-first dates (yy/mm/dd, as Spark and Hadoop write them): "${stamp}" read as ${yearFirst} rather than ${decidedYear}, the later year not in the future ("Dates read as" changes it)`,
  };
}
