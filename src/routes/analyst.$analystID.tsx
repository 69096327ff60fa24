import { createFileRoute } from '@tanstack/react-router';
import { AnalystDetailScreen } from '../features/analysts/analyst-detail-screen.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { idParam } from './-route-params.ts';

export const Route = createFileRoute('/analyst/$analystID')({
  params: idParam('analystID'),
  component: Analyst,
});

function Analyst() {
  const { analystID } = Route.useParams();
  const [timeZone] = useTimeZone();
  // Keyed by id: another analyst starts from a clean screen, not the previous one's state.
  return <AnalystDetailScreen key={analystID} analystID={analystID} timeZone={timeZone} />;
}
