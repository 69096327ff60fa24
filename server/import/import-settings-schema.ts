/*
 * ImportSettings as a client may send them (the preview's confirmed choices), checked before the
 * parser sees them. Size limits (HAR entry caps, zip limits) are the server's and are not accepted.
 */
import { z } from 'zod';
import { AccessLogSettingsSchema } from '../../domain/import/access-log-settings.ts';
import { DelimitedSettingsSchema } from '../../domain/import/delimited-settings.ts';
import {
  IrcSettingsSchema,
  SubtitlesSettingsSchema,
  WhatsappSettingsSchema,
} from '../../domain/import/chat-settings.ts';
import { IMPORT_FORMATS } from '../../domain/import/import-record.ts';
import type { ImportSettings } from '../../domain/import/import-settings.ts';
import { SyslogSettingsSchema } from '../../domain/import/syslog-settings.ts';
import { isKnownTimeZone } from '../../domain/time/time-zone-table.ts';
import { JSON_NUMERIC_UNITS, JsonLinesSettingsSchema } from '../../domain/import/json-lines-settings.ts';
import { settingsIssueSentence } from './settings-issue-sentence.ts';

const TimeZone = z.string().refine(isKnownTimeZone, 'is not a known time zone').optional();

// The preview and the server share one schema of delimited settings; only the zone is checked here.
const Delimited = DelimitedSettingsSchema.extend({ timeZone: TimeZone });

// The domain's schema (container, recordsPath, every epoch unit); the zone may come from the form instead.
const JsonLines = JsonLinesSettingsSchema.extend({
  numericUnit: z.enum(JSON_NUMERIC_UNITS).default('auto'),
  timeZone: TimeZone,
});

const Plain = z.strictObject({ format: z.enum(['har', 'timesketch-csv', 'timesketch-jsonl', 'slack-zip']) });

// The chat family's zone may be left out: the incident's zone fills it, as for delimited and jsonl.
const Irc = IrcSettingsSchema.extend({ timeZone: TimeZone });
const Whatsapp = WhatsappSettingsSchema.extend({ timeZone: TimeZone });

const SettingsSchema = z.discriminatedUnion('format', [
  Delimited,
  JsonLines,
  Plain,
  SyslogSettingsSchema,
  AccessLogSettingsSchema,
  Irc,
  Whatsapp,
  SubtitlesSettingsSchema,
]);

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
    case 'irc':
    case 'whatsapp':
      return { ...settings, timeZone: settings.timeZone ?? timeZone };
    case 'syslog':
    case 'access-log':
      if (!isKnownTimeZone(settings.timeZone))
        return `the time zone ${JSON.stringify(settings.timeZone)} is not a known time zone (an IANA name such as Europe/Helsinki)`;
      return settings;
    case 'subtitles':
      return settings;
    default:
      return { format: settings.format };
  }
}
