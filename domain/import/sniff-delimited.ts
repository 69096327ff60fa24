/*
 * Guesses the layout of delimited text from its first bytes, from evidence across many lines: the
 * delimiter (the one splitting most lines into the same number of fields), preamble rows, "#"
 * comment lines, a header row (no cell reads as a time or a number) and a units row under it, Zeek's
 * and W3C's headers, and lines that are a time followed by free text (Sophos). The column roles come
 * from infer-column-roles.ts. `notes` say what was decided and why.
 */
import { headerlessColumns } from './headerless-columns.ts';
import Papa from 'papaparse';
import { inferTimeShape } from '../time/infer-time-shape.ts';
import { columnNames } from './delimited-record.ts';
import { inferColumnRoles } from './infer-column-roles.ts';
import type { DelimitedGuess } from './delimited-guess.ts';
import { splitLine } from './split-line.ts';
import { isW3cLog, sniffW3c } from './sniff-w3c.ts';
import { sniffZeek } from './sniff-zeek.ts';

const NUMBER = /^\s*[+-]?\d+([.,]\d+)?\s*$/;
const NAMES: Record<string, string> = {
  ',': 'Comma',
  '\t': 'Tab',
  ';': 'Semicolon',
  '|': 'Pipe',
  ' ': 'Space',
  whitespace: 'Whitespace',
};
const SAMPLE_LINES = 200;

interface Split {
  readonly delimiter: string;
  readonly records: string[][];
  readonly modal: number;
  readonly share: number;
}

/** The layout of `text` (the file's start; `complete` when it is the whole file), or why none fits. */
export function sniffDelimited(text: string, complete: boolean): DelimitedGuess | string {
  if (text.startsWith('#separator')) return sniffZeek(text);
  if (isW3cLog(text)) return sniffW3c(text, complete);
  const lines = text.split('\n', SAMPLE_LINES + 1).map((line) => line.replace(/\r$/, ''));
  if (!complete || lines.length > SAMPLE_LINES) lines.pop();
  const content = lines.filter((line) => line.trim() !== '');
  const comments = content.filter((line) => line.startsWith('#')).length;
  const commentPrefix = comments > 0 && comments < content.length ? '#' : undefined;
  const best = chooseSplit(text, lines, complete, commentPrefix);
  const guess = best === undefined ? undefined : guessFromSplit(best, commentPrefix);
  // Spaces split prose as well as tables: a space-separated guess must find its times.
  const spaced = best?.delimiter === ' ' || best?.delimiter === 'whitespace';
  if (guess !== undefined && (guess.mapping.startTime !== undefined || !spaced)) return guess;
  return (
    timePrefixedLines(lines, commentPrefix) ?? 'no delimiter splits its first lines into the same number of columns'
  );
}

function chooseSplit(
  text: string,
  lines: readonly string[],
  complete: boolean,
  commentPrefix: string | undefined,
): Split | undefined {
  const tally = (delimiter: string, records: string[][]): Split => {
    const filled = records.filter(
      (fields) => !(fields.length === 1 && fields[0] === '') && !isComment(fields, commentPrefix),
    );
    const counts = new Map<number, number>();
    // A line the delimiter does not split says nothing of its column count (the prose preamble of a
    // Windows DHCP server log, longer than the table's first rows): the most common split decides.
    const splitAtAll = filled.filter((fields) => fields.length > 1);
    for (const fields of splitAtAll.length > 0 ? splitAtAll : filled)
      counts.set(fields.length, (counts.get(fields.length) ?? 0) + 1);
    const [modal = 0] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [];
    // Preamble lines before the first full row do not count against a delimiter (with spaces they do,
    // below); with spaces the last column takes the rest of the line, so a longer line still fits.
    const spaced = delimiter === ' ' || delimiter === 'whitespace';
    const fits = (fields: readonly string[]) => (spaced ? fields.length >= modal : fields.length === modal);
    // Not with spaces: the longest line of free text would be the "first full row" and every line
    // before it a preamble ("2024-… Starting server" lines of a container log lost but the last).
    const body = spaced ? filled : filled.slice(Math.max(0, filled.findIndex(fits)));
    return { delimiter, records, modal, share: body.length === 0 ? 0 : body.filter(fits).length / body.length };
  };
  const papa = (delimiter: string) => {
    const parsed = new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"', preview: SAMPLE_LINES }).parse(
      text,
      0,
      !complete,
    ) as { data: string[][] };
    return tally(
      delimiter,
      parsed.data.map((fields) => fields.map((field) => field.replace(/\r$/, ''))),
    );
  };
  const split = (delimiter: string) =>
    tally(
      delimiter,
      lines.map((line) => splitLine(line, delimiter, true)),
    );
  const fits = (candidate: Split, share: number, modal: number) => candidate.modal >= modal && candidate.share >= share;
  const candidates = [...['\t', ',', ';', '|'].map(papa), ...multiCharacterDelimiters(lines).map(split)];
  const chosen = candidates
    .filter((candidate) => fits(candidate, 0.6, 2))
    .sort((a, b) => b.share - a.share || b.modal - a.modal || b.delimiter.length - a.delimiter.length)[0];
  if (chosen !== undefined) return chosen;
  // Spaces split prose too, so a space-separated table must be regular nearly everywhere.
  return [split('whitespace'), papa(' ')].find((candidate) => fits(candidate, 0.9, 3));
}

/** Runs of 2-3 punctuation characters found the same number of times in most lines ("<;>", "||"). */
function multiCharacterDelimiters(lines: readonly string[]): string[] {
  const sample = lines.filter((line) => line.trim() !== '' && !line.startsWith('#')).slice(0, 50);
  const first = sample[0];
  if (first === undefined) return [];
  const found = new Set(first.match(/[^\w\s"'.:/\\-]{2,3}/g) ?? []);
  // Eight lines in ten, or all but one in a short file (Trend Micro's pccnt35.log cut off mid-row).
  const needed = Math.min(sample.length * 0.8, Math.max(1, sample.length - 1));
  return [...found].filter(
    (candidate) =>
      sample.filter((line) => line.split(candidate).length === first.split(candidate).length).length >= needed,
  );
}

function isComment(fields: readonly string[], commentPrefix: string | undefined): boolean {
  return commentPrefix !== undefined && (fields[0]?.startsWith(commentPrefix) ?? false);
}

function guessFromSplit(split: Split, commentPrefix: string | undefined): DelimitedGuess {
  const { records, modal, delimiter } = split;
  const notes: string[] = [];
  const spaced = delimiter === ' ' || delimiter === 'whitespace';
  const isData = (fields: readonly string[]) =>
    (spaced ? fields.length >= modal : fields.length === modal) && !isComment(fields, commentPrefix);
  const preamble = records.findIndex(isData);
  // A header may name fewer columns than the rows hold (Windows Event Viewer leaves the description
  // column unnamed): a row of names just before the first full row is that header, padded.
  const named = preamble > 0 ? records[preamble - 1] : undefined;
  const shortHeader =
    named !== undefined &&
    !spaced &&
    !isComment(named, commentPrefix) &&
    named.length >= 2 &&
    named.length < modal &&
    named.every((cell) => cell.trim() !== '' && !looksLikeValue(cell)) &&
    (records[preamble] ?? []).some(looksLikeValue);
  const start = shortHeader ? preamble - 1 : preamble;
  const before = records.slice(0, start);
  // Physical lines, blank ones included, as the parser skips them; a quoted newline adds one.
  const preambleRows = before.every(
    (fields) => isComment(fields, commentPrefix) || (fields.length === 1 && fields[0] === ''),
  )
    ? 0
    : before.reduce((lines, fields) => lines + fields.join('').split('\n').length, 0);
  const first = shortHeader
    ? [...named, ...Array.from({ length: modal - named.length }, () => '')]
    : (records[preamble] ?? []);
  const rest = records.slice(start + 1).filter(isData);
  const hasHeader =
    shortHeader || (first.some((cell) => cell.trim() !== '') && first.every((cell) => !looksLikeValue(cell)));
  const unitsRow = hasHeader && isUnitsRow(rest[0], rest.slice(1));
  const data = hasHeader ? rest.slice(unitsRow ? 1 : 0) : [first, ...rest];
  let width = modal;
  // A trailing delimiter on every line adds a column that is always empty.
  if (data.every((fields) => fields[width - 1] === '') && (!hasHeader || first[width - 1]?.trim() === '')) width -= 1;
  const documented = hasHeader ? undefined : headerlessColumns(width, data.slice(0, SAMPLE_LINES));
  const columns = hasHeader
    ? columnNames(first.slice(0, width))
    : columnNames(documented?.names ?? Array.from({ length: width }, () => ''));
  const lines = records.filter(
    (fields) => !isComment(fields, commentPrefix) && !(fields.length === 1 && fields[0] === ''),
  ).length;
  notes.push(
    `${NAMES[delimiter] ?? JSON.stringify(delimiter)}-separated: ${Math.round(split.share * lines)} of ${lines} lines split into ${modal} fields`,
  );
  notes.push(
    hasHeader
      ? `a header row${
          unitsRow
            ? ` and a units row (${(rest[0] ?? [])
                .filter((cell) => cell.trim() !== '')
                .slice(0, 3)
                .join(', ')})`
            : ''
        }`
      : `no header row: the first row holds values${documented === undefined ? '' : `; ${documented.note}`}`,
  );
  if (preambleRows > 0) notes.push(`${preambleRows} preamble line${preambleRows === 1 ? '' : 's'} skipped`);
  if (commentPrefix !== undefined) notes.push('lines starting with # skipped as comments');
  if (width < modal) notes.push('the empty field after a trailing delimiter ignored');
  const joined = spaced
    ? data.map((fields) => [...fields.slice(0, width - 1), fields.slice(width - 1).join(' ')])
    : data;
  const roles = inferColumnRoles(columns, joined.slice(0, SAMPLE_LINES));
  const utc = namesUtc(roles.mapping.startTime === undefined ? undefined : columns[roles.mapping.startTime]);
  return {
    layout: {
      delimiter,
      quoted: true,
      preambleRows,
      headerRows: hasHeader ? (unitsRow ? 2 : 1) : 0,
      ...(hasHeader ? {} : { columnNames: columns }),
      ...(commentPrefix === undefined ? {} : { commentPrefix }),
    },
    columns,
    mapping: roles.mapping,
    numericUnit: roles.numericUnit,
    dateOrder: roles.dateOrder,
    timeZone: utc ? 'UTC' : undefined,
    sampleRows: joined.slice(0, 10),
    notes: [...notes, ...roles.reasons, ...(utc ? ["the start time column's name says UTC: read in UTC"] : [])],
  };
}

/**
 * Whether a time column's name states UTC: Azure Monitor's portal exports write "TimeGenerated [UTC]", other
 * exports "Time (UTC)", "Date (GMT)", "timestamp_utc".
 */
function namesUtc(name: string | undefined): boolean {
  return name !== undefined && /(?:[[(]\s*(?:UTC|GMT)\s*[\])]|[_ ]utc)\s*$/i.test(name);
}

/** A row under the header of names where the data has numbers: "ft", "kt", "(deg)". */
function isUnitsRow(row: readonly string[] | undefined, data: readonly (readonly string[])[]): boolean {
  if (row === undefined || data.length === 0 || !row.every((cell) => !looksLikeValue(cell))) return false;
  return row.some(
    (cell, index) =>
      cell.trim() !== '' && data.filter((fields) => NUMBER.test(fields[index] ?? '')).length >= data.length * 0.8,
  );
}

/** Lines that are a time (one or two space-separated tokens) then free text, as Sophos writes them. */
function timePrefixedLines(lines: readonly string[], commentPrefix: string | undefined): DelimitedGuess | undefined {
  const content = lines.filter(
    (line) => line.trim() !== '' && (commentPrefix === undefined || !line.startsWith(commentPrefix)),
  );
  if (content.length === 0) return undefined;
  const tokens = content.map((line) => line.split(' '));
  for (const count of [2, 1]) {
    if (!tokens.every((fields) => fields.length > count)) continue;
    const shape = inferTimeShape(tokens.map((fields) => fields.slice(0, count).join(' ')));
    if (shape === undefined || shape.kind === 'date') continue;
    const columns = count === 2 ? ['date', 'time', 'message'] : ['time', 'message'];
    const mapping = count === 2 ? { startTime: 0, startClock: 1, message: 2 } : { startTime: 0, message: 1 };
    return {
      layout: {
        delimiter: ' ',
        quoted: false,
        preambleRows: 0,
        headerRows: 0,
        columnNames: columns,
        ...(commentPrefix === undefined ? {} : { commentPrefix }),
      },
      columns,
      mapping,
      numericUnit: shape.kind === 'epoch' ? shape.numericUnit : 'auto',
      dateOrder: shape.dateOrder,
      timeZone: undefined,
      sampleRows: tokens.slice(0, 10).map((fields) => [...fields.slice(0, count), fields.slice(count).join(' ')]),
      notes: [
        `lines of a time then free text: ${content.length} of ${content.length} lines start with ${count === 2 ? 'a date and a time' : 'a time'} (${tokens[0]?.slice(0, count).join(' ') ?? ''})${shape.reason === '' ? '' : `, ${shape.reason}`}`,
        'no actor column',
        'message: the rest of each line',
      ],
    };
  }
  return undefined;
}

function looksLikeValue(cell: string): boolean {
  return NUMBER.test(cell) || inferTimeShape([cell]) !== undefined;
}

/** Seconds when the sample start cells are numbers of at most 11 integer digits (or decimals). */
export function unitOf(cells: readonly string[]): 'seconds' | 'microseconds' {
  const numeric = cells.filter((cell) => NUMBER.test(cell));
  return numeric.length > 0 && numeric.every((cell) => /^\s*\d{1,11}(\.\d{1,6})?\s*$/.test(cell))
    ? 'seconds'
    : 'microseconds';
}
