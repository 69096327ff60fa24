/*
 * Wall-clock fields to microseconds for the chat formats, whose times have fixed shapes read by
 * hand. Month names come in the writer's locale (XChat writes strftime's %b: "dic", "Dez", "déc."),
 * so the table holds the abbreviations of the languages chat logs are commonly written in.
 */
import type { ZoneId } from '@js-joda/core';
import { localMicros } from './local-micros.ts';
import type { WallClock } from '../time/wall-clock.ts';

export interface WallTime extends WallClock {
  readonly micros?: number;
}

/** Microseconds since the epoch of a local time in `zone`, or undefined when no such date or time exists. */
export function wallMicros(time: WallTime, zone: ZoneId): number | undefined {
  if (time.year < 1970) return undefined;
  return localMicros({ ...time, fractionMicros: time.micros ?? 0 }, zone);
}

// Lower case, without a trailing dot; several languages may share one spelling only for one month.
const MONTH_NAMES: readonly (readonly string[])[] = [
  ['jan', 'january', 'janv', 'gen', 'ene', 'jänner', 'jän'],
  ['feb', 'february', 'févr', 'fév', 'fev', 'fevr'],
  ['mar', 'march', 'mars', 'mär', 'mrz', 'märz'],
  ['apr', 'april', 'avr', 'abr'],
  ['may', 'mai', 'mag', 'mei'],
  ['jun', 'june', 'juin', 'giu'],
  ['jul', 'july', 'juil', 'lug'],
  ['aug', 'august', 'août', 'aoû', 'ago'],
  ['sep', 'sept', 'september', 'set'],
  ['oct', 'october', 'okt', 'ott', 'out'],
  ['nov', 'november'],
  ['dec', 'december', 'déc', 'dez', 'dic'],
];
const MONTH_NUMBERS: ReadonlyMap<string, number> = new Map(
  MONTH_NAMES.flatMap((names, index) => names.map((name) => [name, index + 1])),
);

/** 1-12 for a month name or abbreviation in a common locale, any case, with or without a dot. */
export function monthNumber(name: string): number | undefined {
  return MONTH_NUMBERS.get(name.toLowerCase().replace(/\.$/, ''));
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
