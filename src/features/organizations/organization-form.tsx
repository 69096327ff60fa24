/* "Add organization": a name and a description; the new organization opens once saved. */
import { useState, type FormEvent } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganizations } from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { createOrganization } from './organizations-api.ts';
import { errorFor, fieldErrorOf, type FieldError } from './write-error.ts';

export function OrganizationForm({
  onCreated,
  onCancel,
}: {
  onCreated: (organizationID: number) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const id = await createOrganization({ name, description });
      void recordAuditAction('create organization', { organizationID: id });
      await syncOrganizations().catch((caught: unknown) => console.error('organizations could not be synced', caught));
      onCreated(id);
    } catch (caught) {
      setError(fieldErrorOf(caught));
      setBusy(false);
    }
  }

  return (
    <Page title="Add organization">
      <form
        onSubmit={(event) => void submit(event)}
        className="flex max-w-xl flex-col gap-3"
        aria-label="Add organization"
      >
        <TextField
          label="Organization name"
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
        {error && error.field !== 'name' && error.field !== 'description' ? (
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
