/*
 * RFC 5424 STRUCTURED-DATA: "-" or one or more "[id name="value" ...]" elements, where a value may
 * hold an escaped \" or \]. Read by hand because no regular expression tells an escaped bracket
 * from the element's end.
 */
interface StructuredDataSpan {
  readonly text: string;
  /** Index just after the structured data. */
  readonly end: number;
}

export function readStructuredData(text: string, start: number): StructuredDataSpan | undefined {
  if (text.startsWith('-', start)) return { text: '-', end: start + 1 };
  let index = start;
  while (text[index] === '[') {
    let quoted = false;
    index += 1;
    for (; index < text.length; index += 1) {
      const char = text[index];
      if (char === '\\' && quoted) index += 1;
      else if (char === '"') quoted = !quoted;
      else if (char === ']' && !quoted) break;
    }
    if (index >= text.length) return undefined;
    index += 1;
  }
  return index === start ? undefined : { text: text.slice(start, index), end: index };
}
