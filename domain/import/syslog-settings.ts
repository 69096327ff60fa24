/*
 * Settings of the syslog family: the zone of times without an offset, the year of the first RFC 3164
 * line (detection infers it; later lines roll over at year ends), and the layout: one message per
 * line (RFC 3164/5424, continuation lines appended), Debian apt history stanzas, any text log whose
 * lines start with a time (timestamped: error logs, application logs; time-prefix.ts), or Windows
 * event log XML (windows-events: wevtutil, Event Viewer's "Save as XML"), or journalctl -o export's
 * "FIELD=value" entries (journal-export), or MySQL's general and slow query logs (mysql), or a
 * PowerShell transcript (powershell-transcript), or a CMTrace log of Configuration Manager and Intune (cmtrace), or Windows' SetupAPI log
 * (setupapi).
 */
import { z } from 'zod';

export const SyslogSettingsSchema = z.strictObject({
  format: z.literal('syslog'),
  timeZone: z.string().min(1).max(100),
  year: z.number().int().min(1970).max(2200).optional(),
  layout: z
    .enum([
      'lines',
      'apt-history',
      'timestamped',
      'windows-events',
      'journal-export',
      'mysql',
      'powershell-transcript',
      'cmtrace',
      'setupapi',
    ])
    .optional(),
  /** For 'timestamped' lines: where each line's time ends (time-prefix.ts); detection decides it. */
  timePrefix: z
    .strictObject({
      bracketed: z.boolean(),
      words: z.number().int().min(0).max(6),
      /** The time is a time of day alone ("12:01:02.345 [main] INFO …", Logback's default): dated by startDate. */
      timeOfDay: z.boolean().optional(),
      /** The zone after the time is joined to the next field by a colon (RDS PostgreSQL's "%t:" prefix). */
      zoneGlued: z.boolean().optional(),
    })
    .optional(),
  /** For times of day alone: the day of the first line (later lines roll over at midnight). */
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as year-month-day, e.g. 2011-12-31')
    .optional(),
  /** For 'timestamped' lines: a chat written as a log ("time - Name: text", Element, sigtop): the name is the actor. */
  speakerPrefix: z.boolean().optional(),
  /** For 'timestamped' lines: how "05/06/2024" reads; undefined decides per value. */
  dateOrder: z.enum(['ymd', 'mdy', 'dmy']).optional(),
  /** Lines written by `docker compose logs`: each starts with its container's name and " | " (compose-prefix.ts). */
  linePrefix: z.literal('compose').optional(),
});

export type SyslogSettings = z.infer<typeof SyslogSettingsSchema>;
