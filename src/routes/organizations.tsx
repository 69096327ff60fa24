import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/page.tsx';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/organizations')({
  component: Organizations,
});

function Organizations() {
  return (
    <Page title="Organizations">
      <RoutePlaceholder title="Organizations" />
    </Page>
  );
}
