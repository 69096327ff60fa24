/*
 * Text arrives in chunks of any size; parsers work on it in passes of about `passChars` characters
 * (a leading BOM dropped), keeping an unfinished record in the carry for the next pass. `pass(carry,
 * final)` returns the finished items and how much of the carry they used; a carry that grows past
 * MAX_RECORD_CHARS stops the import. A message its writer split into pieces is bounded too (addPiece).
 */

import { ImportError } from './import-error.ts';

/** A record longer than this is a quote never closed or not text at all: stop rather than buffer the file. */
export const MAX_RECORD_CHARS = 8 << 20;

/** A message written in pieces (CRI "P" lines, Docker's split json-file lines), still open. */
export interface OpenPieces {
  readonly line: number;
  readonly pieces: string[];
  chars: number;
}

/** Adds a piece, stopping at a message past MAX_RECORD_CHARS; `what` names the message for the analyst. */
export function addPiece(open: OpenPieces, piece: string, what: string): void {
  open.pieces.push(piece);
  open.chars += piece.length;
  if (open.chars > MAX_RECORD_CHARS)
    throw new ImportError(
      'too-large',
      `The ${what} starting on line ${open.line} runs on for more than 8 MiB of partial lines`,
    );
}

/** `runsOn()` says, in the analyst's words, what the record that never ends means for this format. */
export async function* textPasses<T>(
  text: AsyncIterable<string>,
  passChars: number,
  pass: (carry: string, final: boolean) => { items: T[]; used: number },
  runsOn: () => string,
): AsyncGenerator<T[]> {
  let carry = '';
  const passOnce = (final: boolean): T[] => {
    const { items, used } = pass(carry, final);
    carry = carry.slice(used);
    if (carry.length > MAX_RECORD_CHARS) throw new ImportError('invalid-file', runsOn());
    return items;
  };
  let first = true;
  let pending = 0;
  for await (let piece of text) {
    if (first) {
      first = false;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    carry += piece;
    pending += piece.length;
    if (pending < passChars) continue;
    pending = 0;
    const items = passOnce(false);
    if (items.length > 0) yield items;
  }
  const items = passOnce(true);
  if (items.length > 0) yield items;
}
