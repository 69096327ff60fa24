/*
 * The collections one event is in: leave one, join an existing one, start a new one with it, and
 * its reply thread ("Reply thread {eventID}", made on first use).
 */
import { countNoun } from '../../../../domain/count-noun.ts';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { chooseOneOf } from '../../../ui/choose-one-of.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  addCollectionEvents,
  createCollection,
  openReplyThread,
  removeCollectionEvents,
} from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { formMessage, useAnnotationWrite } from '../use-annotation-write.ts';
import { FormError } from './form-error.tsx';
import { AnnotationForm } from './annotation-form.tsx';
import { AnnotationList } from './annotation-list.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';
import { IncidentItemLink } from '../../../ui/entity-link.tsx';

export function EventCollectionsEditor({ eventID }: { eventID: number }) {
  const { data, incidentID } = useIncidentPage();
  const write = useAnnotationWrite();
  const { busy, error, run, field } = write;
  const [joinID, setJoinID] = useState('');
  const [name, setName] = useState('');
  const member = data.collections.filter((collection) => collection.eventIDs.includes(eventID));
  const others = data.collections.filter(
    (collection) => !collection.eventIDs.includes(eventID) && !collection.isThread,
  );
  const thread = data.collections.find((collection) => collection.isThread && collection.threadEventID === eventID);

  async function create() {
    if (await run('create collection', () => createCollection(incidentID, name, [eventID]), { eventID, value: name }))
      setName('');
  }

  return (
    <div className="flex flex-col gap-2">
      <AnnotationList label="Collections of this event" items={member} empty="In no collection.">
        {(collection) => (
          <li key={collection.id} className="flex items-center gap-2 text-sm">
            <IncidentItemLink incidentID={incidentID} item={{ collectionID: collection.id }} look="fill">
              {collection.name}
            </IncidentItemLink>
            <RemoveButton
              label={`Remove from ${collection.name}`}
              busy={busy}
              className="text-xs text-muted"
              onClick={() =>
                void run('remove event from collection', () => removeCollectionEvents(collection.id, [eventID]), {
                  eventID,
                  value: collection.id,
                })
              }
            >
              Remove
            </RemoveButton>
          </li>
        )}
      </AnnotationList>
      {others.length > 0 ? (
        <div className="flex items-end gap-2">
          <SelectField
            label="Add to collection"
            value={joinID}
            options={chooseOneOf(others)}
            onChange={(event) => setJoinID(event.target.value)}
            disabled={busy}
            className="flex-1"
          />
          <Button
            disabled={busy || joinID === ''}
            onClick={() =>
              void run('add events to collection', () => addCollectionEvents(Number(joinID), [eventID]), {
                eventID,
                value: Number(joinID),
              }).then((ok) => ok && setJoinID(''))
            }
          >
            Add
          </Button>
        </div>
      ) : null}
      <AnnotationForm label="New collection" submitLabel="Create" write={write} layout="row" onSubmit={create}>
        <TextField
          label="New collection with this event"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...field('name')}
          className="flex-1"
        />
      </AnnotationForm>
      <div className="flex items-center gap-2 text-sm">
        {thread ? (
          <IncidentItemLink incidentID={incidentID} item={{ collectionID: thread.id }}>
            {thread.name} ({countNoun(thread.eventIDs.length, 'event')})
          </IncidentItemLink>
        ) : (
          <Button
            disabled={busy}
            onClick={() => void run('open reply thread', () => openReplyThread(eventID), { eventID })}
          >
            Start a reply thread
          </Button>
        )}
      </div>
      <FormError message={formMessage(error, ['name'])} />
    </div>
  );
}
