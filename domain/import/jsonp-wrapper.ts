/*
 * Where the JSON starts in a file that may be wrapped in a JSONP call (`callback_x({ … });`, the
 * `.harp` files HAR viewers load cross-origin). The wrapper's closing `);` is left to the reader.
 */
const CALL = /^\s*[A-Za-z_$][\w$.]*\s*\(/;
const NAME_SO_FAR = /^\s*[A-Za-z_$][\w$.]*\s*$/;
// A callee name longer than this is no JSONP wrapper: let the JSON reader say what is wrong.
const MAX_HEAD_CHARS = 4096;

/** The index the JSON value starts at, or undefined while `head` is too short to tell. */
export function jsonpStart(head: string): number | undefined {
  const call = CALL.exec(head);
  if (call !== null) return call[0].length;
  const first = head.search(/\S/);
  if (first === -1) return head.length > MAX_HEAD_CHARS ? head.length : undefined;
  if (NAME_SO_FAR.test(head) && head.length <= MAX_HEAD_CHARS) return undefined;
  return first;
}

/** Whether a file's first text is a JSONP call: a name, then "(" and an object or array. */
export function isJsonpCall(text: string): boolean {
  const call = CALL.exec(text);
  return call !== null && /^\s*[{[]/.test(text.slice(call[0].length));
}
