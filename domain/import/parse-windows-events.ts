/*
 * Windows event logs exported as XML, streamed one <Event> element at a time: wevtutil writes one
 * element per line with no root, Event Viewer's "Save as XML" wraps them in <Events>, either may be
 * pretty-printed. The text between elements is skipped; an element is bounded at 1 MiB.
 */
import { ImportError } from './import-error.ts';
import { addToPiece, tallyPiece, type ParsedPiece, type ParseReport, type PieceTally } from './import-record.ts';
import { windowsEventRecord } from './windows-event-xml.ts';

const MAX_EVENT_CHARS = 1 << 20;
const OPEN = '<Event';
const CLOSE = '</Event>';

/**
 * Where the next `<Event` element (not `<Events`, `<EventData`) starts at or after `from`, or -1; with
 * `cut`, also a "<Event" that ends the text, which the next pass may show to be either.
 */
function nextOpen(text: string, from: number, cut: boolean): number {
  for (let at = text.indexOf(OPEN, from); at !== -1; at = text.indexOf(OPEN, at + 1)) {
    const next = text.charAt(at + OPEN.length);
    if (next === '>' || (next !== '' && next.trim() === '') || (next === '' && cut)) return at;
  }
  return -1;
}

export async function* parseWindowsEvents(
  text: AsyncIterable<string>,
  report: ParseReport,
): AsyncGenerator<ParsedPiece> {
  report.notes.push('Windows event log XML: one event per <Event> element, its System/TimeCreated in UTC');
  const tally: PieceTally = { records: 0, invalid: 0 };
  let buffer = '';
  // How far into the buffer newlines are counted, and the line there.
  let counted = 0;
  let countedLine = 1;
  // No "</Event>" ends before this index of the buffer: searches resume there, so nothing is scanned twice.
  let closeFrom = 0;
  const lineAt = (index: number) => {
    for (let at = buffer.indexOf('\n', counted); at !== -1 && at < index; at = buffer.indexOf('\n', at + 1)) {
      countedLine += 1;
      counted = at + 1;
    }
    if (counted < index) counted = index;
    return countedLine;
  };
  const drain = (piece: ParsedPiece, final: boolean) => {
    let at = 0;
    for (;;) {
      const start = nextOpen(buffer, at, true);
      if (start === -1) {
        // Keep a possible "<Even" cut at the end of the pass.
        at = Math.max(at, buffer.length - OPEN.length);
        break;
      }
      const following = nextOpen(buffer, start + OPEN.length, false);
      const close = buffer.indexOf(CLOSE, Math.max(start, closeFrom));
      if (close === -1) closeFrom = Math.max(start, buffer.length - CLOSE.length);
      if (following !== -1 && (close === -1 || following < close)) {
        const line = lineAt(start);
        piece.invalid.push({ line, reason: `line ${line}: the <Event> element is not closed before the next one` });
        at = following;
        continue;
      }
      if (close !== -1) {
        const line = lineAt(start);
        addToPiece(
          piece,
          close - start > MAX_EVENT_CHARS
            ? { line, reason: `line ${line}: the <Event> element runs over 1 MiB` }
            : windowsEventRecord(line, buffer.slice(start, close + CLOSE.length)),
        );
        at = close + CLOSE.length;
        continue;
      }
      if (final || buffer.length - start > MAX_EVENT_CHARS) {
        const line = lineAt(start);
        piece.invalid.push({
          line,
          reason: final
            ? `line ${line}: the <Event> element is not closed before the end of the file`
            : `line ${line}: the <Event> element runs over 1 MiB without </Event>`,
        });
        at = start + OPEN.length;
        continue;
      }
      at = start;
      break;
    }
    lineAt(at);
    buffer = buffer.slice(at);
    counted -= at;
    closeFrom = Math.max(0, closeFrom - at);
  };
  for await (const chunk of text) {
    buffer += chunk;
    const piece: ParsedPiece = { records: [], invalid: [] };
    drain(piece, false);
    if (tallyPiece(tally, piece)) yield piece;
  }
  const last: ParsedPiece = { records: [], invalid: [] };
  drain(last, true);
  const lastHoldsAny = tallyPiece(tally, last);
  if (tally.records === 0)
    throw new ImportError(
      'invalid-file',
      'No Windows event with a time: expected <Event> elements with System/TimeCreated SystemTime',
    );
  if (lastHoldsAny) yield last;
}
