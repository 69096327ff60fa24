/*
 * Space-separated fields where some are double-quoted (AWS load balancer logs, the referer and user
 * agent of Apache's combined format). A backslash escapes the next character inside quotes; a quote
 * never closed (a user agent cut off at the end of the line) runs to the end of the line.
 */
interface QuotedField {
  readonly value: string;
  readonly quoted: boolean;
  /** A quoted field whose closing quote is missing. */
  readonly unterminated: boolean;
}

export function quotedFields(text: string, start = 0): QuotedField[] {
  const fields: QuotedField[] = [];
  let index = start;
  while (index < text.length) {
    while (text[index] === ' ') index += 1;
    if (index >= text.length) break;
    if (text[index] === '"') {
      let value = '';
      index += 1;
      let closed = false;
      while (index < text.length) {
        const char = text[index] ?? '';
        if (char === '\\' && index + 1 < text.length) {
          value += text[index + 1];
          index += 2;
        } else if (char === '"') {
          closed = true;
          index += 1;
          break;
        } else {
          value += char;
          index += 1;
        }
      }
      fields.push({ value, quoted: true, unterminated: !closed });
    } else {
      const end = text.indexOf(' ', index);
      const stop = end === -1 ? text.length : end;
      fields.push({ value: text.slice(index, stop), quoted: false, unterminated: false });
      index = stop;
    }
  }
  return fields;
}
