/*
 * Text arrives in chunks of any size; parsers work on it in passes of about `passChars` characters
 * (a leading BOM dropped), keeping an unfinished record for the next pass. `append` hands each chunk
 * to the parser's carry; `pass(final)` parses what the carry holds and returns the finished items.
 * A message its writer split into pieces is bounded here too (addPiece).
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

export async function* textPasses<T>(
  text: AsyncIterable<string>,
  passChars: number,
  append: (piece: string) => void,
  pass: (final: boolean) => T[],
): AsyncGenerator<T[]> {
  let first = true;
  let pending = 0;
  for await (let piece of text) {
    if (first) {
      first = false;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    append(piece);
    pending += piece.length;
    if (pending < passChars) continue;
    pending = 0;
    const items = pass(false);
    if (items.length > 0) yield items;
  }
  const items = pass(true);
  if (items.length > 0) yield items;
}
