/*
 * The import settings `npm run import` takes as flags: what the preview lets an analyst fix, said on
 * the command line. Flags change the detected settings; the result goes through the server's own
 * settings check, so a shell and the API refuse the same things in the same words.
 */
import type { ParseArgsConfig } from 'node:util';
import { detectFormat } from '../../domain/import/detect-format.ts';
import { ImportError } from '../../domain/import/import-error.ts';
import {
  settingsFromDetection,
  withDefaultRecordingStart,
  type ImportSettings,
} from '../../domain/import/import-settings.ts';
import { detectSettings, firstBytes } from '../import/import-file.ts';
import { parseImportSettings } from '../import/import-settings-schema.ts';

export const SETTINGS_FLAG_OPTIONS = {
  format: { type: 'string' },
  settings: { type: 'string' },
  delimiter: { type: 'string' },
  'no-header': { type: 'boolean' },
  preamble: { type: 'string' },
  'time-column': { type: 'string' },
  'clock-column': { type: 'string' },
  'end-column': { type: 'string' },
  'actor-column': { type: 'string' },
  'message-column': { type: 'string' },
  'offset-column': { type: 'string' },
  'date-order': { type: 'string' },
  pattern: { type: 'string' },
  unit: { type: 'string' },
  year: { type: 'string' },
  start: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export type SettingsFlags = {
  readonly [K in keyof typeof SETTINGS_FLAG_OPTIONS]?: (typeof SETTINGS_FLAG_OPTIONS)[K]['type'] extends 'boolean'
    ? boolean
    : string;
};

export const SETTINGS_FLAGS_USAGE = `  --format F          read FILE as this family instead of the detected one (delimited, jsonl, har, syslog, …)
  --settings JSON     the whole settings object, as POST /api/incident/{id}/import takes it
  --delimiter D       delimited: , tab ; | space whitespace, or any string such as "<;>"
  --no-header         delimited: the first row is data, not column names
  --preamble N        delimited: lines to skip before the header (or the first row)
  --time-column C     the start time column (a name from the header, or its number counting from 1)
  --clock-column C    a time-of-day column joined to the date in --time-column
  --end-column C, --actor-column C, --message-column C
  --offset-column C   a column holding each row's UTC offset (+02:00)
  --date-order O      ymd, mdy (US) or dmy
  --pattern P         an explicit time pattern, e.g. "M/d/yyyy h:mm:ss a"
  --unit U            numeric times: auto, seconds, milliseconds, microseconds or nanoseconds
  --year Y            logs whose lines carry no year (syslog): the year of the first line
  --start TIME        transcripts whose cue times count from zero: when the recording started (ISO 8601)`;

const COLUMN_FLAGS = {
  'time-column': 'startTime',
  'clock-column': 'startClock',
  'end-column': 'endTime',
  'actor-column': 'actor',
  'message-column': 'message',
  'offset-column': 'utcOffset',
} as const;

const UNITS: Record<string, string> = {
  auto: 'auto',
  s: 'seconds',
  seconds: 'seconds',
  ms: 'milliseconds',
  milliseconds: 'milliseconds',
  us: 'microseconds',
  µs: 'microseconds',
  microseconds: 'microseconds',
  ns: 'nanoseconds',
  nanoseconds: 'nanoseconds',
};
const DELIMITERS: Record<string, string> = {
  tab: '\t',
  '\\t': '\t',
  comma: ',',
  space: ' ',
  semicolon: ';',
  pipe: '|',
};

/** A column given by name (as the header has it) or by its number counting from 1, as a 0-based index. */
export function columnIndex(value: string, columns: readonly string[], flag: string): number {
  if (/^\d{1,6}$/.test(value)) {
    const index = Number(value) - 1;
    if (index < 0) throw new Error(`--${flag} counts columns from 1`);
    return index;
  }
  const wanted = value.trim().toLowerCase();
  const index = columns.findIndex((name) => name.trim().toLowerCase() === wanted);
  if (index === -1)
    throw new Error(
      `--${flag} "${value}" is not a column of the file (its columns: ${columns.join(', ') || 'none found'})`,
    );
  return index;
}

/**
 * The settings object after the flags: `detected` (the detection's settings, or {} when it found none)
 * with each flag applied. Only shapes are set here; the server's settings check judges the values.
 */
export function applySettingsFlags(
  detected: Record<string, unknown>,
  columns: readonly string[],
  flags: SettingsFlags,
): Record<string, unknown> {
  let settings: Record<string, unknown> = { ...detected };
  if (flags.settings !== undefined) {
    try {
      settings = JSON.parse(flags.settings) as Record<string, unknown>;
    } catch {
      throw new Error('--settings must be a JSON object');
    }
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
      throw new Error('--settings must be a JSON object');
  }
  if (flags.format !== undefined && flags.format !== settings.format) settings = { format: flags.format };
  if (flags.delimiter !== undefined) settings.delimiter = DELIMITERS[flags.delimiter] ?? flags.delimiter;
  if (flags['no-header'] === true) settings.headerRows = 0;
  if (flags.preamble !== undefined) settings.preambleRows = wholeNumber(flags.preamble, 'preamble');
  const mapping: Record<string, unknown> = { ...(settings.mapping as Record<string, unknown> | undefined) };
  let mapped = false;
  for (const [flag, role] of Object.entries(COLUMN_FLAGS) as [keyof typeof COLUMN_FLAGS, string][]) {
    const value = flags[flag];
    if (value === undefined) continue;
    mapping[role] = columnIndex(value, columns, flag);
    mapped = true;
  }
  if (mapped) settings.mapping = mapping;
  if (flags['date-order'] !== undefined) {
    if (!['ymd', 'mdy', 'dmy'].includes(flags['date-order'])) throw new Error('--date-order must be ymd, mdy or dmy');
    settings.dateOrder = flags['date-order'];
  }
  if (flags.pattern !== undefined) settings.timePattern = flags.pattern;
  if (flags.unit !== undefined) {
    const unit = UNITS[flags.unit.toLowerCase()];
    if (unit === undefined) throw new Error('--unit must be auto, seconds, milliseconds, microseconds or nanoseconds');
    settings.numericUnit = unit;
  }
  if (flags.year !== undefined) {
    if (!/^\d{4}$/.test(flags.year)) throw new Error('--year must be a year such as 2019');
    settings.year = Number(flags.year);
  }
  if (flags.start !== undefined) {
    const millis = Date.parse(flags.start);
    if (!Number.isFinite(millis))
      throw new Error(`--start "${flags.start}" is not a time (give ISO 8601, e.g. 2024-03-01T09:00:00Z)`);
    settings.anchorMicros = millis * 1000;
  }
  return settings;
}

function wholeNumber(value: string, flag: string): number {
  if (!/^\d{1,6}$/.test(value)) throw new Error(`--${flag} must be a whole number of 0 or more`);
  return Number(value);
}

/**
 * The settings of a command-line import: as detected when no settings flag is given, else the
 * detection's settings changed by the flags and checked as the API checks a client's settings.
 */
export async function settingsForCli(
  path: string,
  fileName: string,
  timeZone: string,
  flags: SettingsFlags,
  firstEventMicros: number | null | undefined,
): Promise<ImportSettings> {
  const given = Object.values(flags).some((value) => value !== undefined && value !== false);
  if (!given) return withDefaultRecordingStart(await detectSettings(path, fileName, timeZone), firstEventMicros);
  const detection = detectFormat(await firstBytes(path), fileName);
  const detected =
    settingsFromDetection(detection, timeZone) ??
    (detection.format === 'delimited'
      ? {
          format: 'delimited',
          ...detection.layout,
          mapping: detection.mapping,
          numericUnit: detection.numericUnit,
          timeZone,
        }
      : {});
  const columns = 'columns' in detection ? detection.columns : [];
  const checked = parseImportSettings(JSON.stringify(applySettingsFlags(detected, columns, flags)), timeZone);
  if (typeof checked === 'string') throw new ImportError('bad-settings', `the settings ${checked}`);
  return withDefaultRecordingStart(checked, firstEventMicros);
}
