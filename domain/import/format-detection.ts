/*
 * What detecting a file's format answers. Its own file: detect-format.ts calls the family detectors,
 * and they return these types (declared in detect-format.ts, that made an import cycle).
 */
import type { DateOrder } from '../time/date-time-text.ts';
import type { EpochUnit } from '../time/epoch-number.ts';
import type { ColumnMapping } from './delimited-record.ts';
import type { DelimitedLayout, DelimitedSettings } from './delimited-settings.ts';
import type { JsonDetection } from './detect-json.ts';
import type { ImportFormat } from './import-record.ts';
import type { ImportSettings } from './import-settings-shape.ts';

/** A family whose detection yields complete settings, so its files import with no settings at all. */
export type FamilyDetection = {
  readonly format: Exclude<
    ImportFormat,
    'delimited' | 'timesketch-csv' | 'jsonl' | 'har' | 'timesketch-jsonl' | 'slack-zip'
  >;
  /** What was decided and from which evidence, for the analyst. */
  readonly reason: string;
  readonly settings: ImportSettings;
};

export type FormatDetection =
  | FamilyDetection
  | {
      readonly format: 'delimited' | 'timesketch-csv';
      readonly reason: string;
      readonly layout: DelimitedLayout;
      readonly columns: readonly string[];
      readonly mapping: Partial<ColumnMapping>;
      readonly numericUnit: EpochUnit;
      readonly dateOrder?: DateOrder | undefined;
      /** Complete settings (in UTC unless the file decides its zone), when a start time column was found. */
      readonly settings?: ({ readonly format: 'delimited' } & DelimitedSettings) | undefined;
      /** True when the file itself says its zone (W3C: UTC), so the analyst's zone must not replace it. */
      readonly timeZoneFromFile?: boolean | undefined;
      readonly sampleRows: readonly (readonly string[])[];
    }
  | Exclude<JsonDetection, { format: undefined }>
  | { readonly format: 'slack-zip'; readonly reason: string }
  | { readonly format: undefined; readonly reason: string };
