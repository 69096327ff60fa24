import { createFileRoute } from '@tanstack/react-router';
import { useActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { AuditScreen } from '../features/audit/audit-screen.tsx';
import { AuditFiltersSchema, type AuditFilters } from '../features/audit/audit-filters.ts';
import { useTimeZone } from '../features/settings/use-time-zone.ts';
import { auditTypeParam } from './-route-params.ts';

export const Route = createFileRoute('/audit/$auditType')({
  params: auditTypeParam,
  validateSearch: (search: Record<string, unknown>): AuditFilters => AuditFiltersSchema.parse(search),
  component: Audit,
});

function Audit() {
  const { auditType } = Route.useParams();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const acting = useActingAnalyst();
  const [timeZone] = useTimeZone();
  const analysts =
    acting.analysts.status === 'loaded' ? acting.analysts.analysts.map(({ id, name }) => ({ id, name })) : [];
  return (
    <AuditScreen
      auditType={auditType}
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next })}
      analysts={analysts}
      isAdmin={acting.isAdmin}
      timeZone={timeZone}
    />
  );
}
