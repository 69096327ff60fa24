/* "Add organization actor": display name, start date, description, bot or human. */
import { useState, type FormEvent } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { syncOrganization } from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { createOrganizationActor } from './organizations-api.ts';
import { errorFor, fieldErrorOf, type FieldError } from './write-error.ts';

const FIELDS = ['displayName', 'startDate', 'description', 'isBot'];

export function ActorForm({ organizationID, onDone }: { organizationID: number; onDone: () => void }) {
  const [displayName, setDisplayName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [description, setDescription] = useState('');
  const [isBot, setIsBot] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FieldError | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await createOrganizationActor(organizationID, { displayName, startDate, description, isBot });
      void recordAuditAction('create organization actor', { organizationID, value: displayName });
      await syncOrganization(organizationID).catch((caught: unknown) =>
        console.error('organization could not be synced', caught),
      );
      onDone();
    } catch (caught) {
      setError(fieldErrorOf(caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex max-w-xl flex-col gap-3" aria-label="Add actor">
      <h2 className="text-base font-semibold">Add actor</h2>
      <TextField
        label="Display name"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        disabled={busy}
        error={errorFor(error, 'displayName')}
        autoFocus
      />
      <TextField
        label="Start date"
        placeholder="YYYY-MM-DD"
        value={startDate}
        onChange={(event) => setStartDate(event.target.value)}
        disabled={busy}
        error={errorFor(error, 'startDate')}
      />
      <TextareaField
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        disabled={busy}
        error={errorFor(error, 'description')}
      />
      <Checkbox checked={isBot} onCheckedChange={setIsBot} label="A bot (not a person)" disabled={busy} />
      {error && !FIELDS.includes(error.field ?? '') ? (
        <p role="alert" className="text-danger">
          {error.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
