import { createFileRoute } from '@tanstack/react-router';
import { Page } from '../ui/page.tsx';
import { RoutePlaceholder } from '../ui/route-placeholder.tsx';

export const Route = createFileRoute('/organization/new')({
  component: NewOrganization,
});

function NewOrganization() {
  return (
    <Page title="Add organization">
      <RoutePlaceholder title="Add organization" />
    </Page>
  );
}
