import { countNoun } from '../../../domain/count-noun.ts';
import type { ImportProgress } from '../../../domain/import/import-record.ts';
import { Button } from '../../ui/button.tsx';

/** The worker's progress through the file, with the way out. */
export function ImportProgressBar({
  progress,
  onCancel,
}: {
  progress: ImportProgress | undefined;
  onCancel: () => void;
}) {
  const total = progress?.totalBytes ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round(((progress?.bytesRead ?? 0) / total) * 100)) : 0;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Reading the file"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-64 overflow-hidden rounded-full bg-raised"
      >
        <div className="h-full bg-accent-bg transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm text-muted tabular-nums">
        {percent}% · {countNoun(progress?.validCount ?? 0, 'row')} read
      </span>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}
