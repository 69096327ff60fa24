/*
 * The calendar and clock fields every date reader fills (the chat grammars, the log grammars, the
 * date-time scanner), before a zone or offset makes them an instant. Each reader adds its own
 * fraction and offset fields.
 */
export interface WallClock {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}
