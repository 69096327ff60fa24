/*
 * Detection when the analyst has said which family a file is: that family's own detector, so its
 * settings start from what the file shows, or the family's plain settings with a reason saying the
 * file did not look like it (the preview then shows what reading it that way gives).
 */
import { decodeStart } from './byte-chunks.ts';
import { detectAccessLog } from './detect-access-log.ts';
import { detectChat } from './detect-chat.ts';
import { DETECT_BYTES, detectDelimited, detectFormat, type FormatDetection } from './detect-format.ts';
import { detectJson } from './detect-json.ts';
import { detectMysqlLog } from './detect-mysql-log.ts';
import { detectSyslog } from './detect-syslog.ts';
import { detectTimestampedLines } from './detect-timestamped-lines.ts';
import { FORMAT_NAMES } from './format-names.ts';
import { gunzipStart, isGzip, withoutGzipExtension } from './gunzip-bytes.ts';
import type { ImportFormat } from './import-record.ts';

export function detectFormatAs(
  given: Uint8Array,
  givenName: string,
  format: ImportFormat | undefined,
): FormatDetection {
  const detected = detectFormat(given, givenName);
  if (format === undefined || detected.format === format) return detected;
  // A gzipped file is read as the family chosen from its unpacked start, as the import will read it.
  const gzipped = isGzip(given);
  const firstBytes = gzipped ? gunzipStart(given, DETECT_BYTES) : given;
  const fileName = gzipped ? withoutGzipExtension(givenName) : givenName;
  const text = decodeStart(firstBytes.subarray(0, DETECT_BYTES));
  const complete = firstBytes.byteLength < DETECT_BYTES;
  const chosen = `Read as ${FORMAT_NAMES[format]} as you chose`;
  const unlike = `${chosen}; it was detected as ${detected.format === undefined ? 'nothing readable' : FORMAT_NAMES[detected.format]} (${detected.reason})`;
  switch (format) {
    case 'delimited':
    case 'timesketch-csv': {
      const delimited = detectDelimited(text, complete);
      if (delimited.format !== 'delimited' && delimited.format !== 'timesketch-csv')
        return { format: undefined, reason: `${chosen}: ${delimited.reason}` };
      return { ...delimited, format, reason: `${chosen}: ${delimited.reason}` };
    }
    case 'jsonl': {
      const json = detectJson(text, complete, fileName, { asRecords: true });
      return json?.format === 'jsonl'
        ? { ...json, reason: `${chosen}: ${json.reason}` }
        : { format: undefined, reason: `${chosen}: ${json?.reason ?? 'the file is not JSON'}` };
    }
    case 'syslog':
      return (
        detectMysqlLog(text, complete) ??
        detectSyslog(text, complete, fileName) ??
        detectTimestampedLines(text, complete, fileName) ?? {
          format,
          reason: unlike,
          settings: { format, timeZone: 'UTC' },
        }
      );
    case 'access-log':
      return (
        detectAccessLog(text, complete, fileName) ?? { format, reason: unlike, settings: { format, timeZone: 'UTC' } }
      );
    case 'irc':
    case 'whatsapp':
    case 'subtitles': {
      const chat = detectChat(text, complete, fileName);
      if (chat?.format === format) return chat;
      if (format === 'irc') return { format, reason: unlike, settings: { format, timeZone: 'UTC' } };
      if (format === 'whatsapp')
        return { format, reason: unlike, settings: { format, timeZone: 'UTC', dateOrder: 'month-first' } };
      return { format, reason: unlike, settings: { format } };
    }
    case 'har':
      return { format, reason: unlike, settings: { format } };
    case 'timesketch-jsonl':
      return { format, reason: unlike, settings: { format } };
    case 'slack-zip':
      return { format, reason: unlike };
  }
}
