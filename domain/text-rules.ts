/*
 * What any text the app stores may hold: no control characters (a NUL cannot even be stored by
 * PostgreSQL) and no lone UTF-16 surrogates (half a character, which no encoding can write). Multi-line
 * text (notes, descriptions, messages) keeps tab, line feed and carriage return; names keep nothing.
 */
import { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Why `text` may not be stored, in the analyst's words; undefined when it may. */
export function textProblem(text: string, multiLine: boolean): string | undefined {
  if ((multiLine ? CONTROL_BUT_LINES : CONTROL).test(text)) {
    return multiLine
      ? 'may not hold control characters (other than tab and line breaks)'
      : 'may not hold control characters or line breaks';
  }
  if (LONE_SURROGATE.test(text)) return 'holds half of a character (a lone UTF-16 surrogate)';
  return undefined;
}

/** A one-line text field: a name, a title, a filter. */
export const lineText = () =>
  z.string().check((ctx) => {
    const problem = textProblem(ctx.value, false);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });

/** A text field that may span lines: a note, a description, a message. */
export const multiLineText = () =>
  z.string().check((ctx) => {
    const problem = textProblem(ctx.value, true);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  });
