/*
 * An administrator's control for an analyst's permission (PUT /api/analyst/{id}/permission). The
 * server refuses to demote the last administrator; its reason is shown beside the control.
 */
import { useState } from 'react';
import { PERMISSIONS, type Analyst } from '../../../domain/analyst.ts';
import { ApiRequestError } from '../../data/api-client.ts';
import { setAnalystPermission } from './analysts-api.ts';

export function PermissionSelect({ analyst, onChanged }: { analyst: Analyst; onChanged: (analyst: Analyst) => void }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function change(value: string) {
    const permission = PERMISSIONS.find((candidate) => candidate === value);
    if (!permission || permission === analyst.permission) return;
    setSaving(true);
    setError(undefined);
    try {
      onChanged(await setAnalystPermission(analyst.id, permission));
    } catch (failure) {
      console.error('error setting analyst permission', failure);
      setError(
        failure instanceof ApiRequestError && failure.apiError
          ? failure.apiError.message
          : 'The permission could not be changed.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <select
        aria-label={`Permission of ${analyst.name}`}
        value={analyst.permission}
        disabled={saving}
        onChange={(event) => void change(event.target.value)}
        className="w-28 rounded-md border border-line bg-panel px-2 py-1 text-ink disabled:opacity-60"
      >
        {PERMISSIONS.map((permission) => (
          <option key={permission} value={permission}>
            {permission}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
