/*
 * Settings of the chat and transcript family: IRC logs, WhatsApp exports, WebVTT/SRT subtitles.
 * Detection fills every field it can from the file, so these files import with no settings at all;
 * the analyst overrides what detection got wrong (the date order, the day a bare-time log starts).
 */
import { z } from 'zod';
import { isKnownTimeZone } from '../time/time-zone-table.ts';

const TimeZone = z.string().refine(isKnownTimeZone, 'is not a known time zone');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as year-month-day, e.g. 2011-12-31');

export const IrcSettingsSchema = z.strictObject({
  format: z.literal('irc'),
  timeZone: TimeZone,
  /** The day of lines that carry no date, until a session or day-change line gives one (ZNC/mIRC, from the file name). */
  startDate: IsoDate.optional(),
  /** Lines (IRC and the like), messages as blocks under a header line (parse-chat-blocks.ts), sigtop's Signal text export (parse-sigtop-text.ts) or Telegram Desktop's HTML export (parse-telegram-html.ts). */
  layout: z.enum(['lines', 'discord-txt', 'imessage-txt', 'sigtop-txt', 'telegram-html']).optional(),
  /** How a block header's numeric date reads (DiscordChatExporter writes the machine's locale); undefined decides per value. */
  dateOrder: z.enum(['ymd', 'mdy', 'dmy']).optional(),
});
export type IrcSettings = z.infer<typeof IrcSettingsSchema>;

const DATE_ORDERS = ['day-first', 'month-first', 'year-first'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const WhatsappSettingsSchema = z.strictObject({
  format: z.literal('whatsapp'),
  timeZone: TimeZone,
  dateOrder: z.enum(DATE_ORDERS),
});
export type WhatsappSettings = z.infer<typeof WhatsappSettingsSchema>;

export const SubtitlesSettingsSchema = z.strictObject({
  format: z.literal('subtitles'),
  /** When the recording started, microseconds since the epoch: cue times are relative to it. */
  anchorMicros: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Read a leading "Name:" as the speaker (Zoom-style transcripts); off where it is ordinary text. */
  speakerPrefix: z.boolean().optional(),
  /** 'whisper-json': Whisper's JSON transcript (subtitle-whisper-json.ts); absent, the cue text formats. */
  layout: z.enum(['whisper-json']).optional(),
});
export type SubtitlesSettings = z.infer<typeof SubtitlesSettingsSchema>;
