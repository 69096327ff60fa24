/*
 * Zeek TSV logs: "#separator \x09", "#fields" names, "#unset_field"/"#empty_field" null markers, a
 * "#close" footer; ts is epoch seconds with microseconds.
 */
import { columnNames } from './delimited-record.ts';
import type { DelimitedGuess } from './delimited-guess.ts';
import { suggestColumnMapping } from './suggest-mapping.ts';

export function sniffZeek(text: string): DelimitedGuess | string {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines[0] !== '#separator \\x09')
    return `a Zeek log separated by ${lines[0]?.slice(11) ?? '?'}: only tab-separated Zeek logs are read`;
  const preambleRows = lines.findIndex((line) => !line.startsWith('#'));
  const header = (name: string) =>
    lines
      .find((line) => line.startsWith(`#${name}\t`))
      ?.split('\t')
      .slice(1);
  const names = header('fields');
  if (names === undefined) return 'a Zeek log without a #fields line';
  const columns = columnNames(names);
  const data = lines
    .slice(preambleRows)
    .filter((line) => line !== '' && !line.startsWith('#'))
    .slice(0, 10)
    .map((line) => line.split('\t'));
  const mapping = suggestColumnMapping(columns);
  const label = (index: number | undefined) => (index === undefined ? 'none' : (columns[index] ?? ''));
  return {
    layout: {
      delimiter: '\t',
      quoted: false,
      preambleRows: preambleRows === -1 ? lines.length : preambleRows,
      headerRows: 0,
      columnNames: columns,
      commentPrefix: '#',
      nullValues: [...(header('unset_field') ?? []), ...(header('empty_field') ?? [])],
    },
    columns,
    mapping,
    numericUnit: 'seconds',
    dateOrder: undefined,
    timeZone: 'UTC',
    sampleRows: data,
    notes: [
      'A Zeek log: tab-separated, # header lines and footer, column names from #fields',
      `start time: ${label(mapping.startTime)} in epoch seconds; actor: ${label(mapping.actor)}; message: ${mapping.message === undefined ? "a summary of each row's first fields" : label(mapping.message)}`,
    ],
  };
}
