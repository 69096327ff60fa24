/*
 * One JSON document streamed: the values at chosen paths (`$.*`, `$.Records.*`, `$.log.entries.*`)
 * come out one at a time with the line they start on, so a 200 MB array never becomes one string
 * or one tree. A JSONP wrapper (`callback({...});`, HAR's .harp) is stripped as the text streams.
 */
import { TokenParser, Tokenizer, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import { formatBytes } from './byte-chunks.ts';
import { ImportError } from './import-error.ts';
import type { JsonValue } from './import-record.ts';
import { jsonpStart } from './jsonp-wrapper.ts';

export interface DocumentValue {
  /** Keys from the root to the value: ['Records', 3], ['log', 'entries', 0]. */
  readonly path: readonly (string | number)[];
  readonly line: number;
  readonly value: JsonValue;
}
/** Where reading stopped early (bad JSON, a cut file), with the reason in the analyst's words. */
interface DocumentStop {
  readonly line: number;
  readonly error: string;
}
export type DocumentItem = DocumentValue | DocumentStop;

interface DocumentOptions {
  /** streamparser selectors of the values to hand out. */
  readonly paths: readonly string[];
  /** Top-level values one after another (jq's output, one pretty-printed object) instead of one document. */
  readonly concatenated?: boolean;
  /** The most bytes one value (and any stretch between two values) may take. */
  readonly maxValueBytes: number;
  /** What a value is called in errors: "record", "HAR entry". */
  readonly what: string;
}

export function isDocumentStop(item: DocumentItem): item is DocumentStop {
  return 'error' in item;
}

interface DocumentReader {
  /** The values the text completes; a stop ends the reading (nothing more is read after it). */
  feed(text: string): DocumentItem[];
  /** What is left at the end of the input: a truncation or trailing text as a stop. */
  finish(): DocumentItem[];
}

/** Streams a document given in pieces of text; the sampler of detection and the parsers share it. */
export function documentReader(options: DocumentOptions): DocumentReader {
  const encoder = new TextEncoder();
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({
    paths: [...options.paths],
    keepStack: false,
    ...(options.concatenated === true ? { separator: '' } : {}),
  });
  let out: DocumentItem[] = [];
  let failure: unknown;
  // Line bookkeeping: `scanned` bytes of the stream have had their newlines counted into `line`.
  let bytes = new Uint8Array();
  let chunkStart = 0;
  let scanned = 0;
  let line = 1;
  let depth = 0;
  let tokenLine = 1;
  const startLines: number[] = [];
  const startOffsets: number[] = [];
  let oversized: number | undefined;
  let lastValueEnd = 0;
  let lastTokenEnd = 0;
  let endOffset: number | undefined;
  let seenAny = false;
  let head = '';
  let started = false;
  let trailing = false;
  let stopped = false;

  const lineAt = (offset: number): number => {
    for (let index = scanned - chunkStart; index < offset - chunkStart; index += 1) if (bytes[index] === 10) line += 1;
    scanned = Math.max(scanned, offset);
    return line;
  };
  let failureLine = 1;
  const onError = (error: Error) => {
    if (failure !== undefined) return;
    failure = error;
    failureLine = tokenLine;
  };
  tokenizer.onError = onError;
  parser.onError = onError;
  parser.onEnd = () => {
    endOffset ??= lastTokenEnd;
  };
  tokenizer.onToken = (info: ParsedTokenInfo) => {
    if (parser.isEnded) return;
    seenAny = true;
    tokenLine = lineAt(info.offset);
    if (info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET) {
      startOffsets[depth] = info.offset;
      startLines[depth++] = tokenLine;
    } else if (info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET) depth -= 1;
    lastTokenEnd = info.offset + 1;
    parser.write(info);
  };
  parser.onValue = (info: ParsedElementInfo) => {
    if (info.value === undefined) return;
    const isStruct = typeof info.value === 'object' && info.value !== null;
    if (isStruct && scanned - (startOffsets[info.stack.length] ?? scanned) > options.maxValueBytes)
      oversized ??= startLines[info.stack.length];
    const path = [...info.stack.slice(1).map((element) => element.key), info.key].filter((key) => key !== undefined);
    out.push({
      path,
      line: isStruct ? (startLines[info.stack.length] ?? tokenLine) : tokenLine,
      value: info.value as JsonValue,
    });
    lastValueEnd = scanned;
  };
  const take = (): DocumentItem[] => {
    const taken = out;
    out = [];
    return taken;
  };

  const feed = (piece: string): DocumentItem[] => {
    if (stopped) return [];
    let chunk = piece;
    if (!started) {
      head += chunk;
      const start = jsonpStart(head);
      if (start === undefined) return [];
      started = true;
      line += countNewlines(head.slice(0, start));
      chunk = head.slice(start);
      head = '';
    }
    if (endOffset !== undefined) {
      trailing ||= hasTrailingText(chunk);
      return [];
    }
    bytes = encoder.encode(chunk);
    tokenizer.write(bytes);
    lineAt(chunkStart + bytes.byteLength);
    if (endOffset !== undefined) {
      trailing ||= hasTrailingText(new TextDecoder().decode(bytes.subarray(Math.max(0, endOffset - chunkStart))));
      failure = undefined;
    }
    chunkStart += bytes.byteLength;
    if (failure !== undefined) {
      stopped = true;
      out.push({
        line: failureLine,
        error: `not valid JSON here (${messageOf(failure)}); nothing after it could be read`,
      });
    } else if (oversized !== undefined || chunkStart - lastValueEnd > options.maxValueBytes) {
      const where = oversized === undefined ? `after line ${tokenLine}` : `starting on line ${oversized}`;
      throw new ImportError(
        'too-large',
        `A ${options.what} ${where} runs on for more than ${formatBytes(options.maxValueBytes)}, the most one ${options.what} may take`,
      );
    }
    return take();
  };

  const finish = (): DocumentItem[] => {
    if (stopped) return [];
    if (!started && head.trim() !== '')
      throw new ImportError('invalid-file', `Not a JSON document: it starts with '${head.trim().slice(0, 20)}'`);
    if (!seenAny) throw new ImportError('invalid-file', 'The file holds no JSON value');
    if (endOffset === undefined) tokenizer.end();
    if (endOffset === undefined && (failure !== undefined || depth > 0 || options.concatenated !== true)) {
      out.push({ line, error: `the file ends inside its JSON (truncated): what came before the cut was read` });
    }
    if (trailing) out.push({ line, error: 'text after the end of the JSON document was not read' });
    stopped = true;
    return take();
  };
  return { feed, finish };
}

export async function* jsonDocumentValues(
  text: AsyncIterable<string>,
  options: DocumentOptions,
): AsyncGenerator<DocumentItem[]> {
  const reader = documentReader(options);
  for await (const piece of text) {
    const items = reader.feed(piece);
    if (items.length > 0) yield items;
    if (items.some(isDocumentStop)) return;
  }
  const rest = reader.finish();
  if (rest.length > 0) yield rest;
}

function hasTrailingText(text: string): boolean {
  // A JSONP call ends with ");" after the document.
  return /[^\s);]/.test(text);
}

function countNewlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The tokenizer speaks of states and byte positions; the analyst gets the character it tripped on.
  const unexpected = /Unexpected (?:[A-Z_]+ \()?"([^"]{1,20})"/.exec(text);
  return unexpected ? `unexpected '${unexpected[1] ?? ''}'` : text.replace(/\s*\(state: [^)]*\)/, '');
}
