/*
 * Who may act as an analyst (administrators): the granted users, each removable, and a way to add
 * one of the accounts that can sign in (PUT and DELETE /api/analyst/{id}/grant/{userID}, audited).
 */
import { useState } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import { ApiRequestError } from '../../data/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import type { Grant } from '../../../domain/analyst.ts';
import type { Account } from '../../../domain/user.ts';
import { grantActAs, revokeActAs } from './analysts-api.ts';

interface ActAsGrantsProps {
  analyst: Analyst;
  grants: Grant[];
  accounts: Account[];
  timeZone: string;
  onChanged: () => void;
}

function reason(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.apiError ? error.apiError.message : fallback;
}

export function ActAsGrants({ analyst, grants, accounts, timeZone, onChanged }: ActAsGrantsProps) {
  const granted = new Set(grants.map((grant) => grant.userID));
  // The analyst's own user acts as it anyway; disabled accounts cannot sign in.
  const candidates = accounts.filter(
    (account) => !granted.has(account.id) && account.id !== analyst.userID && !account.disabled,
  );
  const [userID, setUserID] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setUserID('');
      onChanged();
    } catch (failure) {
      console.error(fallback, failure);
      setError(reason(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="grants-heading" className="flex flex-col gap-3">
      <h2 id="grants-heading" className="font-semibold">
        Who may act as {analyst.name}
      </h2>
      {grants.length === 0 ? (
        <p className="text-muted">{analyst.userID !== null ? 'Only its own user.' : 'Nobody yet.'}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-panel">
          {grants.map((grant) => (
            <li key={grant.userID} className="flex items-center justify-between gap-3 px-3 py-2">
              <span>
                <span className="font-medium">{grant.username}</span>{' '}
                <span className="text-sm text-muted">
                  since <Timestamp micros={grant.createTimestamp} zone={timeZone} />
                </span>
              </span>
              <Button
                disabled={busy}
                onClick={() =>
                  void run(() => revokeActAs(analyst.id, grant.userID), 'error removing analyst permission')
                }
              >
                Remove {grant.username}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(userID);
          if (id > 0) void run(() => grantActAs(analyst.id, id), 'error adding analyst permission');
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="font-medium">User</span>
          <select
            value={userID}
            onChange={(event) => setUserID(event.target.value)}
            disabled={busy || candidates.length === 0}
            className="min-w-56 rounded-md border border-line bg-panel px-2 py-1.5 text-ink disabled:opacity-60"
          >
            <option value="">{candidates.length === 0 ? 'No other users' : 'Choose a user'}</option>
            {candidates.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name ? `${account.name} (${account.username})` : account.username}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="primary" disabled={busy || userID === ''}>
          Grant
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
