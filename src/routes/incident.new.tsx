import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/page.tsx';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/incident/new')({
  component: NewIncident,
});

function NewIncident() {
  return (
    <Page title="Add new incident">
      <RoutePlaceholder title="Add new incident" />
    </Page>
  );
}
