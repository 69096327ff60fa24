/*
 * A problem with client-sent import settings as a sentence about what the analyst sees in the
 * preview ("the start time column (mapping) must be a column number of 0 or more"), never a zod
 * path or message. Settings added by other families get words from their names (dateColumn → "the
 * date column"), so a new setting never shows as `.dateColumn`.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const NAMES: Readonly<Record<string, string>> = {
  format: 'the format',
  delimiter: 'the delimiter',
  quoted: 'quoted (whether fields may be in quotes)',
  preambleRows: 'the number of preamble rows',
  headerRows: 'the number of header rows',
  commentPrefix: 'the comment prefix',
  columnNames: 'the column names',
  nullValues: 'the empty-value markers',
  numericUnit: 'the unit of numeric times',
  timeZone: 'the time zone',
  startTime: 'the start time',
  endTime: 'the end time',
  actor: 'the actor',
  message: 'the message',
  startClock: 'the time of day',
  utcOffset: 'the UTC offset',
  dateOrder: 'the date order',
  timePattern: 'the time pattern',
  anchorMicros: 'the recording start',
  startDate: 'the date of lines without one',
  year: 'the year of the first line',
  speakerPrefix: 'the speaker prefix',
  fieldsDirective: 'the fields directive',
  recordsPath: 'the records path',
  linePrefix: 'the line prefix (docker compose names)',
};

/** "dateColumn" → "date column", "utcOffset" → "UTC offset". */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\butc\b/g, 'UTC');

const nameOf = (key: string) => NAMES[key] ?? `the ${words(key)}`;

/** Where the problem is: "the start time column (mapping)", "column name 3 (column names)", "the settings". */
function placeOf(path: readonly PropertyKey[]): { place: string; isColumn: boolean } {
  const keys = path.map((key) => (typeof key === 'symbol' ? '' : key));
  const last = keys.at(-1);
  if (last === undefined) return { place: 'the settings object', isColumn: false };
  const parent = keys.at(-2);
  if (typeof last === 'number') {
    const list = typeof parent === 'string' ? words(parent) : 'list';
    return { place: `${list.replace(/s$/, '')} ${last + 1} (${list})`, isColumn: false };
  }
  if (parent === 'mapping') return { place: `${nameOf(last)} column (mapping)`, isColumn: true };
  if (parent === 'fields') return { place: `${nameOf(last)} field (fields)`, isColumn: false };
  const place = typeof parent === 'string' ? `${nameOf(last)} (${words(parent)})` : nameOf(last);
  return { place, isColumn: /column$/i.test(last) };
}

const listed = (values: readonly unknown[]) =>
  values.map((value) => (value === '\t' ? 'tab' : JSON.stringify(value))).join(', ');

function problem(issue: Issue, isColumn: boolean): string {
  const noun = isColumn ? 'a column number' : 'a whole number';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'number' || issue.expected === 'int')
        return `must be ${isColumn ? 'a column number (0 is the first column)' : 'a number'}`;
      if (issue.expected === 'string') return 'must be text';
      if (issue.expected === 'boolean') return 'must be true or false';
      if (issue.expected === 'array') return 'must be a list';
      if (issue.expected === 'object') return 'must be an object of settings';
      return `must be ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} entries`;
      return `must be ${noun} of ${issue.minimum} or more`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} entries`;
      return `must be ${noun} of at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${listed(issue.values)}`;
    case 'invalid_union':
      return 'is not one of the accepted choices';
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'has a setting' : 'have settings'} this format does not take: ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'custom':
      // "the time zone "Mars/Olympus" is not a known time zone": the value said when the rule is a verb phrase.
      return typeof issue.input === 'string' && /^is /.test(issue.message)
        ? `${JSON.stringify(issue.input.slice(0, 60))} ${issue.message}`
        : issue.message;
    case 'invalid_format':
      // A pattern check of ours carries its own words ("expected a date as year-month-day, …").
      return issue.message.startsWith('Invalid') ? 'is not written as expected' : issue.message;
    default:
      return 'is not valid here';
  }
}

/** The first issue as a sentence; `formats` are the format names a settings object may have. */
export function settingsIssueSentence(issue: Issue, formats: readonly string[]): string {
  const { place, isColumn } = placeOf(issue.path);
  // An unknown format or a missing one: the union cannot say which member was meant.
  if ((issue.code === 'invalid_union' && issue.path.length === 0) || place === 'the format') {
    return `the format must be one of ${listed(formats)}`;
  }
  return `${place} ${problem(issue, isColumn)}`;
}
