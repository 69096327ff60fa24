/*
 * The shape of a demo incident as written by hand: times of day on the incident's date, streams,
 * actors and annotations referred to by name or key, so a script reads like the incident it tells.
 */
import type { NOTE_KINDS, URL_TYPES } from '../../domain/annotations.ts';

interface DemoEvent {
  /** Referred to by notes, links, collections and the reply thread. */
  key?: string;
  /** Time of day, HH:MM:SS, UTC, on the incident's date. */
  at: string;
  /** How long it lasted; 0 (an instant) when absent. */
  seconds?: number;
  stream: string;
  actor: string;
  message: string;
  tags?: string[];
}

export interface DemoIncident {
  name: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  incidentTags: string[];
  streams: Array<{ key: string; name: string; importFormat?: 'tsv' | 'har'; tags?: string[] }>;
  /** Names of the organization's actors taking part (each becomes a linked incident actor). */
  actors: string[];
  events: DemoEvent[];
  markers: Array<{ at: string; seconds?: number; message: string }>;
  notes: Array<{ kind: (typeof NOTE_KINDS)[number]; text: string; event?: string }>;
  links: Array<{ url: string; urlType: (typeof URL_TYPES)[number]; title: string; event?: string; stream?: string }>;
  collections: Array<{ name: string; events: string[] }>;
  /** A reply thread: the event replied to, and the replies in order. */
  thread: { root: string; replies: string[] };
}

export interface DemoOrganizationActor {
  displayName: string;
  isBot: boolean;
  startDate: string;
  description: string;
}

/** Microseconds since the epoch of a time of day on a date, both UTC. */
export function demoMicros(date: string, timeOfDay: string): number {
  const millis = Date.parse(`${date}T${timeOfDay}Z`);
  if (Number.isNaN(millis)) throw new Error(`demo data: bad time ${date} ${timeOfDay}`);
  return millis * 1000;
}
