import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeUpdateWaiting } from '../data/service-worker.ts';
import { Button } from '../ui/button.tsx';

/** Offers a new version once it has installed; reloading is the analyst's choice, never forced. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdateWaiting, isUpdateWaiting);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 right-4 z-50 flex items-center gap-3 rounded-md border border-line bg-panel px-4 py-3 shadow-lg shadow-black/10"
    >
      <span>A new version is available</span>
      <Button variant="primary" onClick={applyUpdate}>
        Reload
      </Button>
    </div>
  );
}
