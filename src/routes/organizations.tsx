import { createFileRoute } from '@tanstack/react-router';
import { OrganizationsScreen } from '../features/organizations/organizations-screen.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';

export const Route = createFileRoute('/organizations')({
  component: Organizations,
});

function Organizations() {
  const [timeZone] = useTimeZone();
  return <OrganizationsScreen timeZone={timeZone} />;
}
