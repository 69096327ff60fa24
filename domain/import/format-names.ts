/* What each import family is called on screen: the preview, the import's answer, a stream's facts. */
import type { ImportFormat } from './import-record.ts';

export const FORMAT_NAMES: Record<ImportFormat, string> = {
  delimited: 'Delimited text',
  har: 'HAR',
  'timesketch-csv': 'Timesketch CSV',
  'timesketch-jsonl': 'Timesketch JSON Lines',
  jsonl: 'JSON',
  'slack-zip': 'Slack export',
  syslog: 'Syslog or text log',
  'access-log': 'Access log',
  irc: 'IRC or chat log',
  whatsapp: 'WhatsApp export',
  subtitles: 'Subtitles',
};

/** The same, with what each family covers, for choosing one. */
export const FORMAT_CHOICES: Record<ImportFormat, string> = {
  delimited: 'Delimited text (CSV, TSV, W3C, any delimiter)',
  har: 'HAR (browser or proxy capture)',
  'timesketch-csv': 'Timesketch CSV',
  'timesketch-jsonl': 'Timesketch JSON Lines',
  jsonl: 'JSON (lines, an array or a document of records) or key=value lines (logfmt, Linux audit logs)',
  'slack-zip': 'Slack export (zip)',
  syslog:
    'Syslog or text log (RFC 3164, RFC 5424, apt history, lines starting with a time, Windows event XML, journalctl export, Redis, MySQL general and slow query logs, PowerShell transcripts)',
  'access-log': 'Web or proxy access log (Apache, nginx, AWS, HAProxy, Squid, Envoy/Istio)',
  irc: 'IRC or chat log (XChat/HexChat, irssi, weechat, ZNC, mIRC, Textual, Limnoria, Zoom meeting chat, LINE, Chatterino, DiscordChatExporter and imessage-exporter TXT, sigtop Signal text, Telegram Desktop HTML)',
  whatsapp: 'WhatsApp export',
  subtitles: 'Subtitles or transcript (WebVTT, SRT, SBV, TTML/DFXP, SubStation Alpha, Otter.ai text)',
};

/** The name of a format as stored (a stream's importFormat may predate a rename): the raw name when unknown. */
export function formatName(format: string | null | undefined): string {
  if (format === null || format === undefined) return 'Not supported';
  return (FORMAT_NAMES as Record<string, string>)[format] ?? format;
}
