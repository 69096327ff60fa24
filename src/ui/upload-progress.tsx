/*
 * An upload under way: bytes sent of the total, then an indeterminate bar while the server works
 * on what it received, with the way out. The shape matches src/data/upload-with-progress.ts.
 */
import { Button } from './button.tsx';

export type UploadProgressState = { readonly phase: 'sending'; readonly sentBytes: number; readonly totalBytes: number } | { readonly phase: 'processing' };

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

export function UploadProgress({ progress, label, serverLabel, onCancel }: { progress: UploadProgressState | undefined; label: string; serverLabel: string; onCancel: () => void }) {
  const sending = progress === undefined || progress.phase === 'sending';
  const total = progress?.phase === 'sending' ? progress.totalBytes : 0;
  const sent = progress?.phase === 'sending' ? progress.sentBytes : 0;
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  return (
    <div className="flex flex-wrap items-center gap-3" data-upload-phase={sending ? 'sending' : 'processing'}>
      {sending ? (
        <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-64 overflow-hidden rounded-full bg-raised">
          <div className="h-full bg-accent-bg transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : (
        // No aria-valuenow: an indeterminate progress bar, as ARIA defines it.
        <div role="progressbar" aria-label={serverLabel} className="h-2 w-64 overflow-hidden rounded-full bg-raised">
          <div className="h-full w-full animate-pulse bg-accent-bg" />
        </div>
      )}
      <span className="text-sm text-muted tabular-nums" role="status">
        {sending ? `Uploading: ${percent}% · ${megabytes(sent)} of ${megabytes(total)} MB` : `${serverLabel}…`}
      </span>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}
