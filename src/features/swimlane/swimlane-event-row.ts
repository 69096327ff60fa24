/*
 * An event as the swimlane picture and its hover card read it. Its own file: the picture renders the
 * card, and the card naming the picture's type made an import cycle.
 */
import type { SwimlaneEvent } from '../../render/swimlane/swimlane-input.ts';

export interface SwimlaneEventRow extends SwimlaneEvent {
  readonly extra: Readonly<Record<string, unknown>> | null;
}
