/* "Add organization": a name and a description; the new organization opens once saved. */
import { useState } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganizations } from '../../data/mirror/index.ts';
import { Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { createOrganization } from './organizations-api.ts';
import { FormFooter } from './form-footer.tsx';
import { useFormWrite } from './use-form-write.ts';

export function OrganizationForm({
  onCreated,
  onCancel,
}: {
  onCreated: (organizationID: number) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, submit, bound } = useFormWrite();

  const write = async () => {
    const id = await createOrganization({ name, description });
    void recordAuditAction('create organization', { organizationID: id });
    await syncOrganizations().catch((caught: unknown) => console.error('organizations could not be synced', caught));
    onCreated(id);
  };

  return (
    <Page title="Add organization">
      <form
        onSubmit={(event) => submit(event, write)}
        className="flex max-w-xl flex-col gap-3"
        aria-label="Add organization"
      >
        <TextField
          label="Organization name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...bound('name')}
          autoFocus
        />
        <TextareaField
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          {...bound('description')}
        />
        <FormFooter error={error} fields={['name', 'description']} busy={busy} onCancel={onCancel} />
      </form>
    </Page>
  );
}
