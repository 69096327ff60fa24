/*
 * The settings of every import family as one union. Its own file, apart from import-settings.ts
 * (which turns a detection into settings), so the detection types can name it without an import cycle.
 */
import type { AccessLogSettings } from './access-log-settings.ts';
import type { IrcSettings, SubtitlesSettings, WhatsappSettings } from './chat-settings.ts';
import type { DelimitedSettings } from './parse-delimited.ts';
import type { JsonLinesSettings } from './json-lines-settings.ts';
import type { HarLimits } from './parse-har.ts';
import type { SyslogSettings } from './syslog-settings.ts';
import type { ZipLimits } from './zip-guard.ts';

export type ImportSettings =
  | ({ readonly format: 'delimited' } & DelimitedSettings)
  | ({ readonly format: 'jsonl' } & JsonLinesSettings)
  | { readonly format: 'har'; readonly limits?: Partial<HarLimits> | undefined }
  | { readonly format: 'timesketch-csv' }
  | { readonly format: 'timesketch-jsonl' }
  | { readonly format: 'slack-zip'; readonly limits?: Partial<ZipLimits> | undefined }
  | SyslogSettings
  | AccessLogSettings
  | IrcSettings
  | WhatsappSettings
  | SubtitlesSettings;
