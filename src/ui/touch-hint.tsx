/*
 * The first-use hint on a touch screen: nothing else on a tablet says that pictures zoom with two
 * fingers or show a hover card on a long press. Shown until dismissed; the caller remembers that.
 */
import { useCoarsePointer } from './use-narrow-screen.ts';

export function TouchHint({ show, onDismiss }: { show: boolean; onDismiss: () => void }) {
  const coarse = useCoarsePointer();
  if (!show || !coarse) return null;
  return (
    <div
      role="note"
      data-touch-hint=""
      className="flex items-center gap-2 rounded-md border border-line bg-panel px-3 py-1.5 text-sm text-ink"
    >
      <span className="min-w-0 flex-1">Pinch to zoom · long-press for details</span>
      <button
        type="button"
        className="shrink-0 cursor-pointer rounded-md px-2 py-0.5 text-muted hover:bg-raised hover:text-ink"
        onClick={onDismiss}
      >
        Got it
      </button>
    </div>
  );
}
