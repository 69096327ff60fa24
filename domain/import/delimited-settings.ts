/*
 * What a delimited import needs to know, as detection proposes it and the preview edits it: how rows
 * split (layout), which column plays which part (mapping) and how times read. The zod schema checks
 * settings a client sends; the interfaces are what the parser and the preview are written against.
 */
import { z } from 'zod';
import type { DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';

/**
 * How a line splits: one character (",", "\t", ";", "|", " "), "whitespace" for runs of spaces and
 * tabs, or a longer string such as Trend Micro's "<;>".
 */
type DelimiterSetting = string;

export interface DelimitedLayout {
  readonly delimiter: DelimiterSetting;
  /** RFC 4180 quoting ("a, b", "" for a quote, newlines inside quotes); off for Zeek, where " is text. */
  readonly quoted: boolean;
  /** Physical lines skipped before anything is parsed (a title, Zeek's # header). */
  readonly preambleRows: number;
  /** Rows whose first field starts with this are skipped wherever they are (Zeek's #close footer). */
  readonly commentPrefix?: string | undefined;
  /** Rows after the preamble that are not data; the first names the columns, a second holds units. */
  readonly headerRows: number;
  /** Column names to use instead of the header's (Zeek's #fields line; a file without a header). */
  readonly columnNames?: readonly string[] | undefined;
  readonly nullValues?: readonly string[] | undefined;
  /** A comment line starting with this (W3C "#Fields:") names the columns from there on, wherever it is. */
  readonly fieldsDirective?: string | undefined;
}

/** Column indexes, 0-based. Only the start time is required. */
export interface ColumnMapping {
  readonly startTime: number;
  /** A time-of-day column joined to the date in startTime (McAfee "9/27/2013" + "2:42:26 PM"). */
  readonly startClock?: number | undefined;
  readonly endTime?: number | undefined;
  readonly actor?: number | undefined;
  readonly message?: number | undefined;
  /** Each row's UTC offset ("+02:00", "-5", "UTC-05:00"), applied to times written without one. */
  readonly utcOffset?: number | undefined;
}

export interface DelimitedSettings extends DelimitedLayout {
  readonly mapping: ColumnMapping;
  /** How a plain number is read; 'auto' tells seconds to nanoseconds apart by magnitude. */
  readonly numericUnit: EpochUnit;
  /** A name from the known zone table, for times written without an offset. */
  readonly timeZone: string;
  /** How "05/06/2024" reads; unset, a value of 13 or more decides per cell. */
  readonly dateOrder?: DateOrder | undefined;
  /** An explicit js-joda pattern ("M/d/yyyy h:mm:ss a") for the joined start (and end) time text. */
  readonly timePattern?: string | undefined;
}

const Count = z.number().int().min(0).max(1_000_000);
const Column = z.number().int().min(0).max(100_000);

/** Settings as a client may send them; defaults fill what an older client leaves out. */
export const DelimitedSettingsSchema = z.strictObject({
  format: z.literal('delimited'),
  delimiter: z.string().min(1).max(10),
  quoted: z.boolean().default(true),
  preambleRows: Count.default(0),
  commentPrefix: z.string().min(1).max(20).optional(),
  headerRows: Count.default(1),
  columnNames: z.array(z.string().max(500)).max(10_000).optional(),
  nullValues: z.array(z.string().max(100)).max(100).optional(),
  fieldsDirective: z.string().min(1).max(40).optional(),
  mapping: z.strictObject({
    startTime: Column,
    startClock: Column.optional(),
    endTime: Column.optional(),
    actor: Column.optional(),
    message: Column.optional(),
    utcOffset: Column.optional(),
  }),
  numericUnit: z.enum(['auto', 'seconds', 'milliseconds', 'microseconds', 'nanoseconds']).default('seconds'),
  timeZone: z.string().optional(),
  dateOrder: z.enum(['ymd', 'mdy', 'dmy']).optional(),
  timePattern: z.string().min(1).max(100).optional(),
});
