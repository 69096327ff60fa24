/*
 * Search snippets mark their matches with « and » (plain characters from the server, never HTML).
 * They are split here and rendered as text with <mark> around the matches, so nothing in a message
 * can become markup.
 */
import { SEARCH_START_MARK, SEARCH_STOP_MARK } from '../../domain/search.ts';

export function splitMarked(snippet: string): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf(SEARCH_START_MARK);
    if (start < 0) break;
    const stop = rest.indexOf(SEARCH_STOP_MARK, start + 1);
    if (stop < 0) break;
    if (start > 0) parts.push({ text: rest.slice(0, start), marked: false });
    parts.push({ text: rest.slice(start + 1, stop), marked: true });
    rest = rest.slice(stop + 1);
  }
  if (rest.length > 0) parts.push({ text: rest, marked: false });
  return parts;
}

export function MarkedText({ snippet }: { snippet: string }) {
  return (
    <>
      {splitMarked(snippet).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-warning-bg px-0.5 text-warning">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
