/* "Add organization": a name and a description; the new organization opens once saved. */
import { useState } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganizations } from '../../data/mirror/index.ts';
import { Page } from '../../ui/page.tsx';
import { createOrganization } from './organizations-api.ts';
import { FormFooter } from '../../ui/form-footer.tsx';
import { unplacedMessage } from './write-error.ts';
import { NameDescriptionFields } from './name-description-fields.tsx';
import { useFormWrite } from './use-form-write.ts';

export function OrganizationForm({
  onCreated,
  onCancel,
}: {
  onCreated: (organizationID: number) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState({ name: '', description: '' });
  const { busy, error, submit, bound } = useFormWrite();

  const write = async () => {
    const id = await createOrganization(draft);
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
        <NameDescriptionFields nameLabel="Organization name" value={draft} onChange={setDraft} bound={bound} />
        <FormFooter message={unplacedMessage(error, ['name', 'description'])} busy={busy} onCancel={onCancel} />
      </form>
    </Page>
  );
}
