/*
 * One line split on runs of whitespace or on a multi-character delimiter ("<;>"), for formats with
 * one record per line. With quoting, a field that starts with " runs to its closing quote ("" is a
 * quote inside), so Incapsula's "Mozilla/5.0 (Windows NT 6.1)" stays one field.
 */

export function splitLine(line: string, delimiter: string, quoted: boolean): string[] {
  const whitespace = delimiter === 'whitespace';
  const fields: string[] = [];
  let at = whitespace ? skipBlanks(line, 0) : 0;
  for (;;) {
    let field: string;
    if (quoted && line.charCodeAt(at) === 34) {
      let end = at + 1;
      let value = '';
      for (;;) {
        const close = line.indexOf('"', end);
        if (close === -1) {
          // An unclosed quote: the rest of the line is the field, quote and all.
          value = line.slice(at);
          end = line.length;
          break;
        }
        value += line.slice(end, close);
        if (line.charCodeAt(close + 1) === 34) {
          value += '"';
          end = close + 2;
          continue;
        }
        end = close + 1;
        break;
      }
      field = value;
      at = end;
      // Text after the closing quote up to the delimiter stays with the field.
      const next = nextDelimiter(line, at, delimiter);
      field += line.slice(at, next === -1 ? line.length : next);
      at = next === -1 ? line.length : next;
    } else {
      const next = nextDelimiter(line, at, delimiter);
      field = line.slice(at, next === -1 ? line.length : next);
      at = next === -1 ? line.length : next;
    }
    fields.push(field);
    if (at >= line.length) return fields;
    at = whitespace ? skipBlanks(line, at) : at + delimiter.length;
    if (whitespace && at >= line.length) return fields;
  }
}

function nextDelimiter(line: string, from: number, delimiter: string): number {
  if (delimiter !== 'whitespace') return line.indexOf(delimiter, from);
  for (let at = from; at < line.length; at += 1) {
    const code = line.charCodeAt(at);
    if (code === 32 || code === 9) return at;
  }
  return -1;
}

function skipBlanks(line: string, from: number): number {
  let at = from;
  while (line.charCodeAt(at) === 32 || line.charCodeAt(at) === 9) at += 1;
  return at;
}
