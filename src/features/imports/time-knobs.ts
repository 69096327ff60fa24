/*
 * Which time settings each import family takes, and the choices of those that are lists, so the
 * preview shows only the knobs the chosen family has, in that family's own values.
 */
import type { SettingsDraft } from './import-settings-draft.ts';

export type TimeKnob =
  'numericUnit' | 'dateOrder' | 'timePattern' | 'year' | 'startDate' | 'anchorMicros' | 'speakerPrefix';

const KNOBS: Record<string, readonly TimeKnob[]> = {
  delimited: ['numericUnit', 'dateOrder', 'timePattern'],
  jsonl: ['numericUnit'],
  syslog: ['year'],
  irc: ['startDate'],
  whatsapp: ['dateOrder'],
  subtitles: ['anchorMicros', 'speakerPrefix'],
};

export function timeKnobsOf(draft: SettingsDraft): readonly TimeKnob[] {
  // A text log's lines carry full dates: no year to give, only how "05/06/2024" reads; lines of a
  // time of day alone (Logback's default) take the day they start on instead.
  if (draft.format === 'syslog' && draft.layout === 'timestamped')
    return draft.timePrefix?.timeOfDay === true ? ['startDate'] : ['dateOrder'];
  // DiscordChatExporter's text export writes its dates in the exporting machine's locale.
  if (draft.format === 'irc' && draft.layout === 'discord-txt') return ['dateOrder'];
  // Times that carry their own date and offset (sigtop) or whose date is in every entry (MySQL): no knob.
  if (
    (draft.format === 'irc' && draft.layout === 'sigtop-txt') ||
    (draft.format === 'syslog' && draft.layout === 'mysql')
  )
    return [];
  // Only plain syslog lines ("Mar  5 14:40:01 host …") leave the year out; apt's history, exported
  // Windows events, journalctl's export and PowerShell transcripts write full dates or epoch times.
  if (draft.format === 'syslog' && draft.layout !== undefined && draft.layout !== 'lines') return [];
  return KNOBS[draft.format] ?? [];
}

/** The date orders a family's setting takes; '' is "as detected" where the setting is optional. */
export function dateOrderChoices(format: string): readonly { value: string; label: string }[] {
  if (format === 'whatsapp') {
    return [
      { value: 'month-first', label: 'month/day/year (US)' },
      { value: 'day-first', label: 'day/month/year' },
      { value: 'year-first', label: 'year-month-day' },
    ];
  }
  return [
    { value: '', label: 'as detected' },
    { value: 'ymd', label: 'year-month-day' },
    { value: 'mdy', label: 'month/day/year (US)' },
    { value: 'dmy', label: 'day/month/year' },
  ];
}
