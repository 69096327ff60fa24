/* What the event timeline needs to know about each row, handed in by whoever composes it. */
export interface TimelineEvent {
  readonly id: number;
  readonly streamID: number;
  readonly actorID: number;
  readonly isMarker: boolean;
  readonly message: string;
  readonly startTimestamp: number;
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
