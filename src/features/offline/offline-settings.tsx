/* The offline part of /settings/configuration: the outbox, then what this device stores. */
import { DeviceStoragePanel } from './device-storage-panel.tsx';
import { OutboxPanel } from './outbox-panel.tsx';

export function OfflineSettings({ timeZone }: { timeZone: string }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pb-8">
      <OutboxPanel timeZone={timeZone} />
      <DeviceStoragePanel timeZone={timeZone} />
    </div>
  );
}
