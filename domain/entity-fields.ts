/*
 * The fields every noun's schema shares: a one-line name (trimmed, required, bounded), a bounded
 * multi-line text, and an integer id. Their error words are what the analyst reads beside a field.
 */
import { z } from 'zod';
import { lineText, multiLineText } from './text-rules.ts';

export const entityName = (max = 200) =>
  lineText()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `is longer than ${max} characters` });
export const entityText = (max: number) => multiLineText().max(max, { error: `is longer than ${max} characters` });
export const entityID = z.number().int();
