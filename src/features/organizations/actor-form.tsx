/* "Add organization actor": display name, start date, description, bot or human. */
import { useState } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganization } from '../../data/mirror/index.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { createOrganizationActor } from './organizations-api.ts';
import { FormFooter } from '../../ui/form-footer.tsx';
import { unplacedMessage } from './write-error.ts';
import { useFormWrite } from './use-form-write.ts';

const FIELDS = ['displayName', 'startDate', 'description', 'isBot'];

export function ActorForm({ organizationID, onDone }: { organizationID: number; onDone: () => void }) {
  const [displayName, setDisplayName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [description, setDescription] = useState('');
  const [isBot, setIsBot] = useState(false);
  const { busy, error, submit, bound } = useFormWrite();

  const write = async () => {
    await createOrganizationActor(organizationID, { displayName, startDate, description, isBot });
    void recordAuditAction('create organization actor', { organizationID, value: displayName });
    await syncOrganization(organizationID).catch((caught: unknown) =>
      console.error('organization could not be synced', caught),
    );
    onDone();
  };

  return (
    <form onSubmit={(event) => submit(event, write)} className="flex max-w-xl flex-col gap-3" aria-label="Add actor">
      <h2 className="text-base font-semibold">Add actor</h2>
      <TextField
        label="Display name"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        {...bound('displayName')}
        autoFocus
      />
      <TextField
        label="Start date"
        placeholder="YYYY-MM-DD"
        value={startDate}
        onChange={(event) => setStartDate(event.target.value)}
        {...bound('startDate')}
      />
      <TextareaField
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        {...bound('description')}
      />
      <Checkbox checked={isBot} onCheckedChange={setIsBot} label="A bot (not a person)" disabled={busy} />
      <FormFooter message={unplacedMessage(error, FIELDS)} busy={busy} onCancel={onDone} />
    </form>
  );
}
