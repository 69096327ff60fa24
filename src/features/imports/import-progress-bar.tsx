import { countNoun } from '../../../domain/count-noun.ts';
import type { ImportProgress } from '../../../domain/import/import-record.ts';
import { Button } from '../../ui/button.tsx';
import { PercentBar } from '../../ui/percent-bar.tsx';

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
      <PercentBar label="Reading the file" percent={percent} />
      <span className="text-sm text-muted tabular-nums">
        {percent}% · {countNoun(progress?.validCount ?? 0, 'row')} read
      </span>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}
