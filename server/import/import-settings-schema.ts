/*
 * ImportSettings as a client may send them (the preview's confirmed choices), checked before the
 * parser sees them. Size limits (HAR maxBytes, zip limits) are the server's and are not accepted.
 */
import { z } from 'zod';
import { IMPORT_FORMATS } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { isKnownTimeZone } from '../../domain/time/time-zone-table.ts';
import { settingsIssueSentence } from './settings-issue-sentence.ts';

const Count = z.number().int().min(0).max(1_000_000);
const Column = z.number().int().min(0).max(100_000);
const FieldPath = z.string().min(1).max(500);
const TimeZone = z.string().refine(isKnownTimeZone, 'is not a known time zone').optional();
const NumericUnit = z.enum(['microseconds', 'seconds']).default('seconds');

const Delimited = z.strictObject({
  format: z.literal('delimited'),
  delimiter: z.enum(['\t', ',']),
  quoted: z.boolean().default(true),
  preambleRows: Count.default(0),
  commentPrefix: z.string().min(1).max(20).optional(),
  headerRows: Count.default(1),
  columnNames: z.array(z.string().max(500)).max(10_000).optional(),
  nullValues: z.array(z.string().max(100)).max(100).optional(),
  mapping: z.strictObject({ startTime: Column, endTime: Column.optional(), actor: Column.optional(), message: Column.optional() }),
  numericUnit: NumericUnit,
  timeZone: TimeZone,
});

const JsonLines = z.strictObject({
  format: z.literal('jsonl'),
  fields: z.strictObject({ startTime: FieldPath, endTime: FieldPath.optional(), actor: FieldPath.optional(), message: FieldPath.optional() }),
  numericUnit: NumericUnit,
  timeZone: TimeZone,
});

const Plain = z.strictObject({ format: z.enum(['har', 'timesketch-csv', 'timesketch-jsonl', 'slack-zip']) });

const SettingsSchema = z.discriminatedUnion('format', [Delimited, JsonLines, Plain]);

/** The settings, or the first problem with them as a sentence; timeZone fills a missing zone. */
export function parseImportSettings(text: string, timeZone: string): ImportSettings | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'must be JSON: the import settings the preview shows (the format, and for delimited or jsonl the mapping)';
  }
  const parsed = SettingsSchema.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    return settingsIssueSentence(parsed.error.issues[0]!, IMPORT_FORMATS);
  }
  const settings = parsed.data;
  switch (settings.format) {
    case 'delimited':
    case 'jsonl':
      return { ...settings, timeZone: settings.timeZone ?? timeZone };
    default:
      return { format: settings.format };
  }
}
