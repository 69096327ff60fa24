import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { useTimeZone } from '../features/settings/use-time-zone.ts';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  const [timeZone] = useTimeZone();
  return <HomeScreen timeZone={timeZone} />;
}
