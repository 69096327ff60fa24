/*
 * Settings of the syslog family: the zone of times without an offset, the year of the first RFC 3164
 * line (detection infers it; later lines roll over at year ends), and the layout: one message per
 * line (RFC 3164/5424, continuation lines appended) or Debian apt history stanzas.
 */
import { z } from 'zod';

export const SyslogSettingsSchema = z.strictObject({
  format: z.literal('syslog'),
  timeZone: z.string().min(1).max(100),
  year: z.number().int().min(1970).max(2200).optional(),
  layout: z.enum(['lines', 'apt-history']).optional(),
});

export type SyslogSettings = z.infer<typeof SyslogSettingsSchema>;
