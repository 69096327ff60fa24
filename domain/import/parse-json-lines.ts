/*
 * JSON records of any shape with a field mapping by path: JSON Lines, the elements of one array in a
 * document (streamed, never read whole), top-level values one after another, and Kubernetes CRI
 * lines. Unmapped top-level fields are kept in extra; a nested mapped field stays inside its parent.
 */
import { logfmtLines, looksLikeLogfmt } from './logfmt-line.ts';
import { criLines } from './cri-lines.ts';
import { joinDockerPartials } from './docker-partial-lines.ts';
import { MAX_RECORD_CHARS } from './text-passes.ts';
import { ImportError } from './import-error.ts';
import { addToPiece, type ParsedPiece, type ParseReport } from './import-record.ts';
import { isDocumentStop, jsonDocumentValues, type DocumentItem } from './json-document.ts';
import { isJsonObject, jsonLines, type JsonLine } from './json-lines.ts';
import { innerRecords } from './json-inner-records.ts';
import type { JsonContainer, JsonLinesSettings } from './json-lines-settings.ts';
import { jsonRecord } from './json-record.ts';
import { loadZone } from './parse-event-time.ts';
import { CRI_LINE } from './cri-lines.ts';

export type { JsonFieldMapping, JsonLinesSettings } from './json-lines-settings.ts';
export { valueAt } from './json-record.ts';

export async function* parseJsonLines(
  text: AsyncIterable<string>,
  settings: JsonLinesSettings,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  const zone = await loadZone(settings.timeZone);
  const { head, rest } = await peek(text);
  const container = settings.container ?? containerOf(head);
  const recordsPath =
    settings.container === undefined && container === 'array' && /^\s*\{/.test(head)
      ? 'Records'
      : (settings.recordsPath ?? '');
  if (container === 'lines' && recordsPath !== '')
    report.notes.push(`Records: the elements of each line's "${recordsPath}" array`);
  if (container === 'array' || container === 'values') {
    report.notes.push(
      container === 'values'
        ? recordsPath === ''
          ? 'Records: the top-level JSON values'
          : `Records: the elements of each top-level value's "${recordsPath}" array`
        : `Records: the elements of ${recordsPath === '' ? 'the top-level array' : `the "${recordsPath}" array`}`,
    );
  }
  let read = 0;
  for await (const items of linesOf(rest, container, recordsPath)) {
    const piece: ParsedPiece = { records: [], invalid: [] };
    for (const item of items) {
      if ('error' in item) {
        if (
          read + piece.records.length + piece.invalid.length === 0 &&
          container !== 'lines' &&
          container !== 'cri' &&
          container !== 'logfmt'
        ) {
          throw new ImportError(
            item.error.includes('truncated') ? 'truncated' : 'invalid-file',
            `No record could be read: line ${item.line}: ${item.error}`,
          );
        }
        piece.invalid.push({ line: item.line, reason: item.error });
        continue;
      }
      if (report.columns.length === 0 && isJsonObject(item.value)) report.columns = Object.keys(item.value);
      const result = jsonRecord(item.value, item.line, settings, zone);
      addToPiece(piece, result);
    }
    read += piece.records.length + piece.invalid.length;
    yield piece;
  }
}

async function* linesOf(
  text: AsyncIterable<string>,
  container: JsonContainer,
  recordsPath: string,
): AsyncGenerator<JsonLine[]> {
  if (container === 'lines') {
    const lines = joinDockerPartials(jsonLines(text));
    return yield* recordsPath === '' ? lines : innerRecords(lines, recordsPath);
  }
  if (container === 'cri') return yield* criLines(text);
  if (container === 'logfmt') return yield* logfmtLines(text);
  // Documents that wrap their records are read whole (each up to MAX_RECORD_CHARS), so that the fields around
  // the records go with them; a document's records alone are streamed.
  const wrapped = container === 'values' && recordsPath !== '';
  const documents = jsonDocumentValues(text, {
    paths: container === 'values' ? ['$'] : [recordsPath === '' ? '$.*' : `$.${recordsPath}.*`],
    concatenated: container === 'values',
    maxValueBytes: MAX_RECORD_CHARS,
    what: wrapped ? 'document' : 'record',
  });
  const values = documentLines(documents);
  yield* wrapped ? innerRecords(values, recordsPath) : values;
}

async function* documentLines(documents: AsyncIterable<DocumentItem[]>): AsyncGenerator<JsonLine[]> {
  for await (const items of documents)
    yield items.map((item) => (isDocumentStop(item) ? item : { line: item.line, value: item.value }));
}

/** The container a file's first text shows, for settings that name none (a mapping made by hand). */
function containerOf(head: string): JsonContainer {
  const start = head.trimStart();
  if (start.startsWith('[')) return 'array';
  if (CRI_LINE.test(start.slice(0, start.indexOf('\n') === -1 ? undefined : start.indexOf('\n')))) return 'cri';
  if (!start.startsWith('{')) return looksLikeLogfmt(start.split('\n', 20).slice(0, -1)) ? 'logfmt' : 'lines';
  const newline = start.indexOf('\n');
  try {
    JSON.parse(start.slice(0, newline === -1 ? undefined : newline));
    return 'lines';
  } catch {
    return /^\{\s*"Records"\s*:\s*\[/.test(start) ? 'array' : 'values';
  }
}

/** The first 64 KiB of text (or all of it) and the whole text again, read once. */
async function peek(text: AsyncIterable<string>): Promise<{ head: string; rest: AsyncIterable<string> }> {
  const iterator = text[Symbol.asyncIterator]();
  const taken: string[] = [];
  let chars = 0;
  let done = false;
  while (chars < 1 << 16) {
    const step = await iterator.next();
    if (step.done === true) {
      done = true;
      break;
    }
    taken.push(step.value);
    chars += step.value.length;
  }
  async function* rest(): AsyncGenerator<string> {
    yield* taken;
    if (done) return;
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) yield step.value;
  }
  return { head: taken.join('').replace(/^\uFEFF/, ''), rest: rest() };
}
