import { createFileRoute, redirect } from '@tanstack/react-router';

/** /audit has no page of its own: it is the UI audit log (spec section 2). */
export const Route = createFileRoute('/audit/')({
  beforeLoad: () => {
    throw redirect({ to: '/audit/$auditType', params: { auditType: 'ui' }, replace: true });
  },
});
