/** A value as PostgreSQL's COPY text format needs it: backslash, tab, newline and return escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : value;
}
