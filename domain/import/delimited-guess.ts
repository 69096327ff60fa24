/*
 * What sniffing delimited text guesses: its own file because sniff-delimited.ts and the W3C and Zeek
 * sniffers it calls all return it (the type in sniff-delimited.ts made an import cycle).
 */
import type { DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import type { ColumnMapping } from './delimited-record.ts';
import type { DelimitedLayout } from './delimited-settings.ts';

export interface DelimitedGuess {
  readonly layout: DelimitedLayout;
  readonly columns: readonly string[];
  readonly mapping: Partial<ColumnMapping>;
  readonly numericUnit: EpochUnit;
  readonly dateOrder: DateOrder | undefined;
  /** A zone the file itself decides (W3C times are UTC); undefined leaves it to the analyst. */
  readonly timeZone: string | undefined;
  /** Up to ten data rows, for the preview before parsing. */
  readonly sampleRows: readonly (readonly string[])[];
  /** What was decided and why, one clause each. */
  readonly notes: readonly string[];
}
