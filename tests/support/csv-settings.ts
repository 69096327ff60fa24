/*
 * The plainest delimited settings: a comma-separated file with one header row and the time in its
 * first column, read in UTC. The settings tests start from it and change the one field they check.
 */
import type { ImportSettings } from '../../domain/import/import-settings.ts';

export const CSV_TIME_FIRST: Extract<ImportSettings, { format: 'delimited' }> = {
  format: 'delimited',
  delimiter: ',',
  quoted: true,
  preambleRows: 0,
  headerRows: 1,
  mapping: { startTime: 0 },
  numericUnit: 'auto',
  timeZone: 'UTC',
};
