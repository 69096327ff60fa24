import { Outlet, createFileRoute } from '@tanstack/react-router';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { IncidentScreen } from '../features/incident/incident-screen.tsx';
import { useIncidentSource } from '../features/incident/use-incident-source.ts';
import { useDisplaySettings, useViewState } from '../features/settings/use-settings.ts';
import { useShellFlags } from '../features/settings/use-shell-flags.ts';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/incident/$incidentID')({
  params: idParam('incidentID'),
  component: Incident,
});

function Incident() {
  const { incidentID } = Route.useParams();
  const acting = useActingAnalyst();
  const source = useIncidentSource(incidentID);
  const [viewState, updateViewState] = useViewState('incident', incidentID);
  const [timeZone, setTimeZone] = useTimeZone();
  const [settings, updateSettings] = useDisplaySettings(acting.settingsAnalystID);
  const { showFilters } = useShellFlags(acting.settingsAnalystID, { kind: 'incident', id: incidentID });
  return (
    <IncidentScreen
      key={incidentID}
      incidentID={incidentID}
      source={source}
      viewState={viewState}
      updateViewState={updateViewState}
      timeZone={timeZone}
      onZoneChange={setTimeZone}
      settings={settings}
      showFilters={showFilters}
      onDismissTouchHint={() => updateSettings({ showTouchHint: false })}
    >
      <Outlet />
    </IncidentScreen>
  );
}
