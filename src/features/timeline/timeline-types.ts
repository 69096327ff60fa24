/* What the event timeline needs to know about each row, handed in by whoever composes it. */
import type { FilterableEvent } from '../../../domain/events/event-filter.ts';

/** The filter's fields (the timeline shows what the filter kept), with the end and the marker's symbol. */
export interface TimelineEvent extends FilterableEvent {
  readonly endTimestamp: number;
  /** Source fields kept beside the event; a marker's symbol lives here. */
  readonly extra?: Readonly<Record<string, unknown>> | null;
}

export interface TimelineRowInfo {
  actorName: string;
  streamName: string;
  /** Palette index of the stream's colour. */
  colorIndex: number;
  tags: ReadonlyArray<{ name: string; color: string }>;
}
