import { createFileRoute } from '@tanstack/react-router';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { OfflineSettings } from '../features/offline/offline-settings.tsx';
import { ConfigurationScreen } from '../features/settings/configuration-screen.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';

export const Route = createFileRoute('/settings/configuration')({
  component: Configuration,
});

function Configuration() {
  const acting = useActingAnalyst();
  const [timeZone] = useTimeZone();
  return (
    <>
      <ConfigurationScreen analystID={acting.settingsAnalystID} analystName={acting.selected?.name ?? 'your analyst'} />
      <OfflineSettings timeZone={timeZone} />
    </>
  );
}
