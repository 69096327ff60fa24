/* The tags of one event: each removable, and a field to add one (the server's refusal shown beside it). */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { addEventTag, removeEventTag } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { formMessage, useAnnotationWrite } from '../use-annotation-write.ts';
import { FormError } from './form-error.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';

const FIELDS = ['tagName', 'name'];

export function EventTagsEditor({ eventID }: { eventID: number }) {
  const { annotations, data } = useIncidentPage();
  const { busy, error, run, field } = useAnnotationWrite();
  const [name, setName] = useState('');
  const tags = annotations.tagsByEvent.get(eventID) ?? [];
  const known = data.tags.filter((tag) => tag.itemType === 'event').map((tag) => tag.name);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run('add event tag', () => addEventTag(eventID, name), { eventID, value: name })) setName('');
  }

  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-1" aria-label="Event tags">
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full border border-line px-2 text-sm">
            {tag}
            <RemoveButton
              label={`Remove tag ${tag}`}
              busy={busy}
              className="text-muted"
              onClick={() => void run('remove event tag', () => removeEventTag(eventID, tag), { eventID, value: tag })}
            >
              ×
            </RemoveButton>
          </li>
        ))}
        {tags.length === 0 ? <li className="text-sm text-muted">No tags.</li> : null}
      </ul>
      <form onSubmit={(event) => void add(event)} className="flex items-start gap-2" aria-label="Tag the event">
        <TextField
          label="Add tag"
          value={name}
          list="event-tag-names"
          onChange={(event) => setName(event.target.value)}
          {...field(...FIELDS)}
          className="flex-1"
        />
        <datalist id="event-tag-names">
          {known.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <Button type="submit" disabled={busy} className="mt-6">
          Add
        </Button>
      </form>
      <FormError message={formMessage(error, FIELDS)} />
    </div>
  );
}
