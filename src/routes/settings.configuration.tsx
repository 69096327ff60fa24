import { createFileRoute } from '@tanstack/react-router';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { ConfigurationScreen } from '../features/settings/configuration-screen.tsx';

export const Route = createFileRoute('/settings/configuration')({
  component: Configuration,
});

function Configuration() {
  const acting = useActingAnalyst();
  return <ConfigurationScreen analystID={acting.settingsAnalystID} analystName={acting.selected?.name ?? 'your analyst'} />;
}
