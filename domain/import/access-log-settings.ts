/*
 * Settings of the web and proxy access-log family. Apache, nginx and AWS lines carry their own
 * offset; HAProxy's accept date and a syslog prefix do not, so they are read in timeZone. year is the
 * year of the first syslog prefix without one (detection takes it from the lines' own dates).
 */
import { z } from 'zod';

export const AccessLogSettingsSchema = z.strictObject({
  format: z.literal('access-log'),
  timeZone: z.string().min(1).max(100),
  year: z.number().int().min(1970).max(2200).optional(),
  /** Lines written by `docker compose logs`: each starts with its container's name and " | " (compose-prefix.ts). */
  linePrefix: z.literal('compose').optional(),
});

export type AccessLogSettings = z.infer<typeof AccessLogSettingsSchema>;
