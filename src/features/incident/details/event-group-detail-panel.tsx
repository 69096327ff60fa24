/* The event-group sub-route: several events side by side, and a collection made of them. */
import { countNoun } from '../../../../domain/count-noun.ts';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { createCollection } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { formMessage, useAnnotationWrite } from '../use-annotation-write.ts';
import { DetailPanel } from './detail-panel.tsx';
import { EventList } from './event-list.tsx';
import { FormError } from './form-error.tsx';

export function EventGroupDetailPanel({ eventIDs }: { eventIDs: readonly number[] }) {
  const { events, incidentID } = useIncidentPage();
  const { busy, error, run, field } = useAnnotationWrite();
  const [name, setName] = useState('');
  const members = useMemo(() => {
    const ids = new Set(eventIDs);
    return events.filter((event) => ids.has(event.id));
  }, [events, eventIDs]);
  const missing = eventIDs.length - members.length;

  async function create(event: FormEvent) {
    event.preventDefault();
    if (
      await run(
        'create collection',
        () =>
          createCollection(
            incidentID,
            name,
            members.map((member) => member.id),
          ),
        { value: name },
      )
    )
      setName('');
  }

  return (
    <DetailPanel title={countNoun(members.length, 'event')} kind="event group">
      {missing > 0 ? <p className="text-sm text-muted">{missing} of the events are not in this incident.</p> : null}
      <EventList label="Events in the group" events={members} />
      <form
        onSubmit={(event) => void create(event)}
        className="flex items-start gap-2"
        aria-label="Collection from these events"
      >
        <TextField
          label="New collection of these events"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...field('name', 'eventIDs')}
          className="flex-1"
        />
        <Button type="submit" disabled={busy || members.length === 0} className="mt-6">
          Create
        </Button>
      </form>
      <FormError message={formMessage(error, ['name', 'eventIDs'])} />
    </DetailPanel>
  );
}
