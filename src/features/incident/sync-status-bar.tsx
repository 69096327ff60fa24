/* How far this browser's copy of the incident is: a progress bar while events load, then "last synced". */
import { formatMicros } from '../../../domain/time/format-micros.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';

export interface SyncStatus {
  status: 'loading' | 'loaded' | 'error' | 'offline';
  loaded: number;
  total: number | undefined;
  lastSyncedMicros: number | undefined;
  message?: string | undefined;
}

export function SyncStatusBar({ sync, onRetry }: { sync: SyncStatus; onRetry: () => void }) {
  return (
    <div className="flex min-w-64 items-center gap-2 text-sm text-muted" data-testid="sync-status">
      {sync.status === 'loading' ? (
        <>
          <span>
            Loading events {sync.loaded.toLocaleString('en')}
            {sync.total !== undefined ? ` of ${sync.total.toLocaleString('en')}` : ''}
          </span>
          <ProgressBar value={sync.loaded} max={sync.total} label="Loading events" className="w-40" />
        </>
      ) : sync.status === 'error' ? (
        <>
          <span role="alert" className="text-danger">
            Sync failed
          </span>
          <Button variant="ghost" className="px-2 py-0.5" onClick={onRetry}>
            Retry
          </Button>
        </>
      ) : sync.status === 'offline' ? (
        <span>
          Offline · last synced{' '}
          {sync.lastSyncedMicros !== undefined
            ? formatMicros(sync.lastSyncedMicros, 'UTC', 'YYYY-MM-DD HH:mm:ss') + ' UTC'
            : 'never'}
        </span>
      ) : (
        <span>
          Last synced{' '}
          {sync.lastSyncedMicros !== undefined
            ? formatMicros(sync.lastSyncedMicros, 'UTC', 'YYYY-MM-DD HH:mm:ss') + ' UTC'
            : '—'}
        </span>
      )}
    </div>
  );
}
