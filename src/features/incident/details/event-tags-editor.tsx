/* The tags of one event: each removable, and a field to add one (the server's refusal shown beside it). */
import { useState } from 'react';
import { TextField } from '../../../ui/text-field.tsx';
import { addEventTag, removeEventTag } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { useAnnotationWrite } from '../use-annotation-write.ts';
import { AnnotationForm } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';

const FIELDS = ['tagName', 'name'];

export function EventTagsEditor({ eventID }: { eventID: number }) {
  const { annotations, data } = useIncidentPage();
  const write = useAnnotationWrite();
  const { busy, run, field } = write;
  const [name, setName] = useState('');
  const tags = annotations.tagsByEvent.get(eventID) ?? [];
  const known = data.tags.filter((tag) => tag.itemType === 'event').map((tag) => tag.name);

  async function add() {
    if (await run('add event tag', () => addEventTag(eventID, name), { eventID, value: name })) setName('');
  }

  return (
    <div className="flex flex-col gap-2">
      <AnnotationList label="Event tags" items={tags} empty="No tags." className="flex flex-wrap gap-1">
        {(tag) => (
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
        )}
      </AnnotationList>
      <AnnotationForm label="Tag the event" submitLabel="Add" write={write} fields={FIELDS} layout="row" onSubmit={add}>
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
      </AnnotationForm>
    </div>
  );
}
