/*
 * An upload under way: bytes sent of the total, then the server's work on what it received (how
 * much of the file it has parsed and written, when the call follows it; else an indeterminate
 * bar), with the way out. The shape matches src/data/upload-with-progress.ts.
 */
import { countNoun } from '../../domain/count-noun.ts';
import { Button } from './button.tsx';
import { PercentBar } from './percent-bar.tsx';

interface ServerProgress {
  readonly phase: 'importing' | 'finishing' | 'done' | 'failed';
  readonly bytesRead: number;
  readonly totalBytes: number;
  readonly validCount: number;
  readonly invalidCount: number;
}

type UploadProgressState =
  | { readonly phase: 'sending'; readonly sentBytes: number; readonly totalBytes: number }
  | { readonly phase: 'processing'; readonly server?: ServerProgress | undefined };

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

export function UploadProgress({
  progress,
  label,
  serverLabel,
  onCancel,
}: {
  progress: UploadProgressState | undefined;
  label: string;
  serverLabel: string;
  onCancel: () => void;
}) {
  const sending = progress === undefined || progress.phase === 'sending';
  const total = progress?.phase === 'sending' ? progress.totalBytes : 0;
  const sent = progress?.phase === 'sending' ? progress.sentBytes : 0;
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const server = progress?.phase === 'processing' ? progress.server : undefined;
  const serverPercent =
    server && server.totalBytes > 0
      ? Math.min(100, Math.floor((server.bytesRead / server.totalBytes) * 100))
      : undefined;
  return (
    <div className="flex flex-wrap items-center gap-3" data-upload-phase={sending ? 'sending' : 'processing'}>
      {sending ? (
        <PercentBar label={label} percent={percent} />
      ) : (
        <PercentBar label={serverLabel} percent={server ? serverPercent : undefined} />
      )}
      <span className="text-sm text-muted tabular-nums" role="status">
        {sending
          ? `Uploading: ${percent}% · ${megabytes(sent)} of ${megabytes(total)} MB`
          : server && serverPercent !== undefined
            ? server.phase === 'importing'
              ? `${serverLabel}: ${serverPercent}% · ${countNoun(server.validCount, 'row')}`
              : `${serverLabel}: ${countNoun(server.validCount, 'row')} read, finishing…`
            : `${serverLabel}…`}
      </span>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}
