/*
 * "Add new incident": name, description and (when not opened from an organization) the
 * organization it belongs to. The new incident opens once saved.
 */
import { useState, type FormEvent } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncIncidentList, syncOrganization, useOrganizations, useOrganizationsSync } from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { createIncident } from './organizations-api.ts';
import { errorFor, fieldErrorOf, type FieldError } from './write-error.ts';

export function IncidentForm({
  organizationID,
  onCreated,
  onCancel,
}: {
  organizationID: number | undefined;
  onCreated: (incidentID: number) => void;
  onCancel: () => void;
}) {
  useOrganizationsSync();
  const organizations = useOrganizations() ?? [];
  const [chosen, setChosen] = useState(organizationID ? String(organizationID) : '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === '') {
      setError({ field: 'organizationID', message: 'is required: choose an organization' });
      return;
    }
    const orgID = Number(chosen);
    setBusy(true);
    setError(undefined);
    try {
      const id = await createIncident(orgID, { name, description });
      void recordAuditAction('create incident', { organizationID: orgID, incidentID: id });
      await Promise.all([syncOrganization(orgID), syncIncidentList()]).catch((caught: unknown) =>
        console.error('lists could not be synced', caught),
      );
      onCreated(id);
    } catch (caught) {
      setError(fieldErrorOf(caught));
      setBusy(false);
    }
  }

  return (
    <Page title="Add new incident">
      <form onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-3" aria-label="Add incident">
        {organizationID === undefined ? (
          <SelectField
            label="Organization"
            value={chosen}
            options={[
              { value: '', label: 'Choose…' },
              ...organizations.map((organization) => ({ value: String(organization.id), label: organization.name })),
            ]}
            onChange={(event) => setChosen(event.target.value)}
            disabled={busy}
            error={errorFor(error, 'organizationID')}
          />
        ) : null}
        <TextField
          label="Incident name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={busy}
          error={errorFor(error, 'name')}
          autoFocus
        />
        <TextareaField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={busy}
          error={errorFor(error, 'description')}
        />
        {error && !['name', 'description', 'organizationID'].includes(error.field ?? '') ? (
          <p role="alert" className="text-danger">
            {error.message}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={busy}>
            Save
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Page>
  );
}
