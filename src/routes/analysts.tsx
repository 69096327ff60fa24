import { createFileRoute } from '@tanstack/react-router';
import { AnalystsScreen } from '../features/analysts/analysts-screen.tsx';

export const Route = createFileRoute('/analysts')({
  component: AnalystsScreen,
});
