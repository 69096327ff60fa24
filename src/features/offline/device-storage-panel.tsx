/*
 * Storage on this device: how much the browser holds for the app, whether it may evict it, and the
 * incidents mirrored here, each removable ("Remove from this device"; the server keeps it).
 */
import { useCallback, useEffect, useState } from 'react';
import {
  readDeviceStorage,
  removeIncident,
  requestPersistentStorage,
  useFastCopyBytes,
  useMirroredIncidents,
  type DeviceStorage,
  type MirroredIncident,
} from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import { formatBytes } from './format-bytes.ts';

export function DeviceStoragePanel({ timeZone }: { timeZone: string }) {
  const incidents = useMirroredIncidents();
  const [figures, setFigures] = useState<DeviceStorage>();
  const [persistAnswer, setPersistAnswer] = useState<string>();

  const refresh = useCallback(() => {
    readDeviceStorage().then(setFigures, (error: unknown) => console.error('storage figures could not be read', error));
  }, []);
  // Read again when the set of mirrored incidents (and so the usage) changes.
  const mirroredCount = incidents?.length;
  useEffect(() => refresh(), [refresh, mirroredCount]);

  async function persist() {
    const granted = await requestPersistentStorage();
    setPersistAnswer(
      granted ? undefined : 'The browser did not agree; it may still clear this data when space runs low.',
    );
    refresh();
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="device-storage-heading">
      <h2 id="device-storage-heading" className="font-semibold">
        Storage on this device
      </h2>
      {figures === undefined ? (
        <p className="text-muted">Reading storage…</p>
      ) : !figures.supported ? (
        <p className="text-muted">This browser does not report how much it stores.</p>
      ) : (
        <div className="flex max-w-xl flex-col gap-2" data-testid="storage-usage">
          <p>
            {formatBytes(figures.usageBytes ?? 0)} used
            {figures.quotaBytes ? ` of ${formatBytes(figures.quotaBytes)} the browser allows` : ''}
          </p>
          <ProgressBar value={figures.usageBytes ?? 0} max={figures.quotaBytes} label="Storage used on this device" />
          <div className="flex flex-wrap items-center gap-2">
            <span className={figures.persisted ? 'text-ink' : 'text-muted'}>
              {figures.persisted
                ? 'Kept: the browser will not clear it to free space.'
                : 'Not kept: the browser may clear it when space runs low.'}
            </span>
            {figures.persisted ? null : <Button onClick={() => void persist()}>Keep on this device</Button>}
          </div>
          {persistAnswer ? <p className="text-warning">{persistAnswer}</p> : null}
        </div>
      )}
      <MirroredIncidents incidents={incidents} timeZone={timeZone} />
    </section>
  );
}

function MirroredIncidents({ incidents, timeZone }: { incidents: MirroredIncident[] | undefined; timeZone: string }) {
  const copyBytes = useFastCopyBytes(incidents);
  if (incidents === undefined) return <p className="text-muted">Reading the incidents on this device…</p>;
  if (incidents.length === 0)
    return <p className="text-muted">No incident is kept on this device yet: opening one keeps it for offline use.</p>;
  return (
    <div className="max-w-4xl">
      <DataTable
        label="Incidents on this device"
        columns={mirroredColumns(timeZone, copyBytes)}
        rows={incidents}
        rowKey={(row) => row.incidentID}
        rowProps={(row) => ({ 'data-mirrored-incident': String(row.incidentID) })}
      />
    </div>
  );
}

const nameOf = (row: MirroredIncident) => row.incident?.name ?? `Incident ${row.incidentID}`;

// A function of the zone: the last-synced time reads in the analyst's zone.
const mirroredColumns = (timeZone: string, copyBytes: Map<number, number> | undefined) => [
  { title: 'Incident', cell: nameOf },
  { title: 'Events', numeric: true, cell: (row: MirroredIncident) => row.eventsLoaded.toLocaleString('en') },
  {
    // A large incident's event numbers are also kept as one file, so it reopens faster (counted in the usage above).
    title: 'Fast reopen copy',
    numeric: true,
    cell: (row: MirroredIncident) => {
      const bytes = copyBytes?.get(row.incidentID);
      return bytes ? formatBytes(bytes) : <span className="text-muted">{copyBytes ? 'none' : '…'}</span>;
    },
  },
  {
    title: 'Last synced',
    cell: (row: MirroredIncident) =>
      row.lastSyncedAt === undefined ? (
        <span className="text-muted">{row.status === 'syncing' ? 'syncing…' : 'never completely'}</span>
      ) : (
        <Timestamp micros={row.lastSyncedAt * 1000} zone={timeZone} />
      ),
  },
  {
    title: 'Actions',
    titleHidden: true,
    className: 'text-right',
    cell: (row: MirroredIncident) => <RemoveFromDevice row={row} />,
  },
];

function RemoveFromDevice({ row }: { row: MirroredIncident }) {
  const [removing, setRemoving] = useState(false);
  const name = nameOf(row);
  return (
    <Button
      variant="ghost"
      disabled={removing}
      aria-label={`Remove ${name} from this device`}
      onClick={() => {
        setRemoving(true);
        removeIncident(row.incidentID).catch((error: unknown) => {
          console.error('the incident could not be removed from this device', error);
          setRemoving(false);
        });
      }}
    >
      {removing ? 'Removing…' : 'Remove from this device'}
    </Button>
  );
}
