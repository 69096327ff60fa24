/*
 * Shown above search results while a large import's search data is still being prepared (it is
 * computed after the import is shown): how far that has come, and that missing results may follow,
 * so a short or empty result is not read as the final answer.
 */
import type { SearchPreparing } from '../../domain/search.ts';
import { Button } from './button.tsx';
import { ProgressBar } from './progress-bar.tsx';

const quoted = (names: readonly string[]) =>
  names.length === 0
    ? 'a recent import'
    : names.length <= 3
      ? names.map((name) => `“${name}”`).join(', ')
      : `${names
          .slice(0, 3)
          .map((name) => `“${name}”`)
          .join(', ')} and ${names.length - 3} more streams`;

export function SearchPreparingNotice({ preparing, onAgain }: { preparing: SearchPreparing; onAgain: () => void }) {
  const percent = Math.floor((100 * preparing.preparedCount) / Math.max(preparing.eventCount, 1));
  return (
    <div aria-live="polite" className="flex flex-col gap-2 rounded-md border border-line bg-panel px-3 py-2 text-sm">
      <p>
        Search data for {quoted(preparing.streamNames)} is still being prepared:{' '}
        {preparing.preparedCount.toLocaleString('en')} of {preparing.eventCount.toLocaleString('en')} events ({percent}
        %). Matches among the rest are not shown yet; search again in a moment to see them.
      </p>
      <div className="flex items-center gap-3">
        <ProgressBar
          value={preparing.preparedCount}
          max={preparing.eventCount}
          label="Search data prepared"
          className="max-w-md flex-1 border border-line"
        />
        <Button onClick={onAgain} className="shrink-0">
          Search again
        </Button>
      </div>
    </div>
  );
}
