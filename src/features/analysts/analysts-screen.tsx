/*
 * /analysts: every analyst, who the user acts as and may act as, a form for a new analyst, and for
 * administrators each analyst's permission. "Act as" switches the acting analyst (the "Viewing as"
 * badge leads here).
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { useActingAnalyst } from './acting-analyst-context.ts';
import { AnalystCreateForm } from './analyst-create-form.tsx';
import { createAnalyst } from './analysts-api.ts';
import { PermissionSelect } from './permission-select.tsx';

export function AnalystsScreen() {
  const acting = useActingAnalyst();
  const [creating, setCreating] = useState(false);
  const { analysts, selectedID, user, isAdmin } = acting;
  // A read-only analyst may not name new analysts; a user without an analyst of their own may make it.
  const hasOwn = analysts.status === 'loaded' && analysts.analysts.some((analyst) => analyst.id === user.id);
  const mayCreate = !hasOwn || (acting.selected !== undefined && acting.selected.permission !== 'read');

  return (
    <Page
      title="Analysts"
      actions={
        creating || !mayCreate ? null : (
          <Button variant="primary" onClick={() => setCreating(true)} disabled={acting.offline}>
            New analyst
          </Button>
        )
      }
    >
      {creating ? (
        <section
          aria-labelledby="new-analyst-heading"
          className="flex flex-col gap-3 rounded-md border border-line bg-panel p-4"
        >
          <h2 id="new-analyst-heading" className="font-semibold">
            New analyst
          </h2>
          <AnalystCreateForm
            create={createAnalyst}
            onCreated={(analyst) => {
              acting.remember(analyst);
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        </section>
      ) : null}
      {analysts.status === 'loading' ? (
        <p role="status" className="text-muted">
          Loading analysts
        </p>
      ) : analysts.status === 'failed' ? (
        <div role="alert" className="flex items-center gap-2">
          <p>The analysts could not be loaded.</p>
          <Button onClick={acting.reload}>Try again</Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border border-line bg-panel">
          <table className="w-full text-left">
            <thead className="border-b border-line text-sm text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">Analyst</th>
                <th className="px-3 py-2 font-medium">Email</th>
                <th className="px-3 py-2 font-medium">Permission</th>
                <th className="px-3 py-2 font-medium">
                  <span className="sr-only">Acting</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {analysts.analysts.map((analyst) => (
                <tr key={analyst.id} className="border-b border-line last:border-b-0" data-analyst-id={analyst.id}>
                  <td className="px-3 py-2">
                    <Link
                      to="/analyst/$analystID"
                      params={{ analystID: analyst.id }}
                      className="flex items-center gap-2 font-medium hover:underline"
                    >
                      <Avatar name={analyst.name} sizePx={28} />
                      {analyst.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-muted">{analyst.email || '—'}</td>
                  <td className="px-3 py-2">
                    {isAdmin ? <PermissionSelect analyst={analyst} onChanged={acting.remember} /> : analyst.permission}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {analyst.id === selectedID ? (
                      <span className="text-sm text-muted">
                        {analyst.id === user.id ? 'You (your own analyst)' : 'You act as this analyst'}
                      </span>
                    ) : analyst.canActAs ? (
                      <Button onClick={() => acting.choose(analyst.id)}>Act as {analyst.name}</Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
