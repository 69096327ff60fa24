/*
 * Record fields as COPY text (server/db/copy-text.ts), shared by the import and the re-import, which
 * both send a parsed file's records through a staging table.
 */
import type { JsonValue } from '../../domain/import/import-record.ts';
import { copyText } from '../db/copy-text.ts';

// NOTE: PostgreSQL text and jsonb refuse the NUL character, which a binary-ish log line may hold.
const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '') : text);

export const messageText = (message: string) => copyText(withoutNul(message));

export const extraText = (extra: Record<string, JsonValue>) =>
  Object.keys(extra).length === 0
    ? '\\N'
    : copyText(
        JSON.stringify(extra, (_name, value: unknown) => (typeof value === 'string' ? withoutNul(value) : value)),
      );
