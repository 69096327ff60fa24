/*
 * /analyst/{analystID}: one analyst; "Act as" when the user may; for administrators its permission
 * and who may act as it.
 */
import { Link } from '@tanstack/react-router';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { ActAsGrants } from './act-as-grants.tsx';
import { useActingAnalyst } from './acting-analyst-context.ts';
import { PermissionSelect } from './permission-select.tsx';
import { useAnalystDetail } from './use-analyst-detail.ts';

export function AnalystDetailScreen({ analystID, timeZone }: { analystID: number; timeZone: string }) {
  const acting = useActingAnalyst();
  const { state, reload } = useAnalystDetail(analystID, acting.isAdmin);
  const back = (
    <Link to="/analysts" className="text-accent underline-offset-2 hover:underline">
      All analysts
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <Page title="Analyst" actions={back}>
        <p role="status" className="text-muted">
          Loading analyst
        </p>
      </Page>
    );
  }
  if (state.status === 'failed') {
    return (
      <Page title="Analyst" actions={back}>
        <div role="alert" className="flex items-center gap-2">
          <p>{state.notFound ? `There is no analyst ${analystID}.` : 'The analyst could not be loaded.'}</p>
          {state.notFound ? null : <Button onClick={reload}>Try again</Button>}
        </div>
      </Page>
    );
  }

  const { analyst, grants } = state.detail;
  return (
    <Page title={analyst.name} actions={back}>
      <div className="flex flex-wrap items-center gap-4 rounded-md border border-line bg-panel p-4">
        <Avatar name={analyst.name} sizePx={40} />
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">Email</dt>
          <dd>{analyst.email || '—'}</dd>
          <dt className="text-muted">Permission</dt>
          <dd>
            {acting.isAdmin ? (
              <PermissionSelect
                analyst={analyst}
                onChanged={(changed) => {
                  acting.remember(changed);
                  reload();
                }}
              />
            ) : (
              analyst.permission
            )}
          </dd>
        </dl>
        <div className="ml-auto">
          {analyst.id === acting.selectedID ? (
            <span className="text-muted">You act as this analyst</span>
          ) : analyst.canActAs ? (
            <Button onClick={() => acting.choose(analyst.id)}>Act as {analyst.name}</Button>
          ) : null}
        </div>
      </div>
      {acting.isAdmin && grants && state.accounts ? (
        <ActAsGrants
          analyst={analyst}
          grants={grants}
          accounts={state.accounts}
          timeZone={timeZone}
          onChanged={reload}
        />
      ) : null}
    </Page>
  );
}
