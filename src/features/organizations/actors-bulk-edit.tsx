/*
 * "Bulk edit organization actors": every actor as an editable row, saved in one call that lands
 * whole or not at all. A refused row shows the reason beside its field; nothing typed is lost.
 */
import { useState } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganization } from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { rowFieldOf } from './bulk-edit-field.ts';
import { bulkEditOrganizationActors, type OrganizationActorInput } from './organizations-api.ts';
import { useOrganizationPage } from './organization-page-context.ts';
import { fieldErrorOf, type FieldError } from './write-error.ts';

type Row = OrganizationActorInput & { id: number };

export function ActorsBulkEdit({ onDone }: { onDone: () => void }) {
  const { mirror, organizationID } = useOrganizationPage();
  const [rows, setRows] = useState<Row[]>(() =>
    [...mirror.actors]
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map(({ id, displayName, startDate, description, isBot }) => ({
        id,
        displayName,
        startDate,
        description,
        isBot,
      })),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | undefined>();
  const at = rowFieldOf(error?.field);

  const set = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, place) => (place === index ? { ...row, ...patch } : row)));

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      await bulkEditOrganizationActors(organizationID, rows);
      void recordAuditAction('bulk edit organization actors', { organizationID, value: rows.length });
      await syncOrganization(organizationID).catch((caught: unknown) =>
        console.error('organization could not be synced', caught),
      );
      onDone();
    } catch (caught) {
      setError(fieldErrorOf(caught));
      setBusy(false);
    }
  }

  const cellError = (index: number, field: string) =>
    at && at.row === index && at.field === field ? (
      <p role="alert" className="text-xs text-danger">
        {error?.message.replace(/^actors\.\d+\.\w+ /, '')}
      </p>
    ) : null;
  const input = 'w-full rounded border border-line bg-panel px-1.5 py-1';
  // A row's text field: its input, and the reason beside it when the save refused that field of that row.
  const textCell = (row: Row, index: number, field: 'displayName' | 'startDate' | 'description', label: string) => (
    <>
      <input
        aria-label={label}
        value={row[field]}
        placeholder={field === 'startDate' ? 'YYYY-MM-DD' : undefined}
        disabled={busy}
        onChange={(event) => set(index, { [field]: event.target.value })}
        className={input}
      />
      {cellError(index, field)}
    </>
  );

  return (
    <section aria-label="Edit all actors" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold">Edit all actors</h2>
      <table className="w-full border-collapse text-sm">
        <thead className="text-left">
          <tr>
            <th className="px-1 py-1">Display name</th>
            <th className="px-1 py-1">Start date</th>
            <th className="px-1 py-1">Description</th>
            <th className="px-1 py-1">Bot</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} className="align-top">
              <td className="px-1 py-0.5">{textCell(row, index, 'displayName', `Display name of row ${index + 1}`)}</td>
              <td className="w-36 px-1 py-0.5">
                {textCell(row, index, 'startDate', `Start date of ${row.displayName}`)}
              </td>
              <td className="px-1 py-0.5">
                {textCell(row, index, 'description', `Description of ${row.displayName}`)}
              </td>
              <td className="px-1 py-0.5 text-center">
                <input
                  type="checkbox"
                  aria-label={`${row.displayName} is a bot`}
                  checked={row.isBot}
                  disabled={busy}
                  onChange={(event) => set(index, { isBot: event.target.checked })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && !at ? (
        <p role="alert" className="text-danger">
          {error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button variant="primary" disabled={busy || rows.length === 0} onClick={() => void save()}>
          Save all
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
