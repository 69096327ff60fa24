/*
 * "Add new incident": name, description and (when not opened from an organization) the
 * organization it belongs to. The new incident opens once saved.
 */
import { useState, type FormEvent } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncIncidentList, syncOrganization, useOrganizations, useOrganizationsSync } from '../../data/mirror/index.ts';
import { Page } from '../../ui/page.tsx';
import { chooseOneOf } from '../../ui/choose-one-of.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { createIncident } from './organizations-api.ts';
import { FormFooter } from '../../ui/form-footer.tsx';
import { unplacedMessage } from './write-error.ts';
import { NameDescriptionFields } from './name-description-fields.tsx';
import { useFormWrite } from './use-form-write.ts';

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
  const [draft, setDraft] = useState({ name: '', description: '' });
  const { busy, error, setError, submit, bound } = useFormWrite();

  function save(event: FormEvent) {
    if (chosen === '') {
      event.preventDefault();
      setError({ field: 'organizationID', message: 'is required: choose an organization' });
      return;
    }
    const orgID = Number(chosen);
    submit(event, async () => {
      const id = await createIncident(orgID, draft);
      void recordAuditAction('create incident', { organizationID: orgID, incidentID: id });
      await Promise.all([syncOrganization(orgID), syncIncidentList()]).catch((caught: unknown) =>
        console.error('lists could not be synced', caught),
      );
      onCreated(id);
    });
  }

  return (
    <Page title="Add new incident">
      <form onSubmit={save} className="flex max-w-xl flex-col gap-3" aria-label="Add incident">
        {organizationID === undefined ? (
          <SelectField
            label="Organization"
            value={chosen}
            options={chooseOneOf(organizations)}
            onChange={(event) => setChosen(event.target.value)}
            {...bound('organizationID')}
          />
        ) : null}
        <NameDescriptionFields nameLabel="Incident name" value={draft} onChange={setDraft} bound={bound} />
        <FormFooter
          message={unplacedMessage(error, ['name', 'description', 'organizationID'])}
          busy={busy}
          onCancel={onCancel}
        />
      </form>
    </Page>
  );
}
