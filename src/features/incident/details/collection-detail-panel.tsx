/* The collection sub-route: its events (each removable) and deleting it. */
import { useMemo } from 'react';
import { Button } from '../../../ui/button.tsx';
import { deleteCollection, removeCollectionEvents } from '../../../data/annotation-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { useAnnotationWrite } from '../use-annotation-write.ts';
import { DetailPanel, NotFound, useCloseDetail } from './detail-panel.tsx';
import { Facts } from '../../../ui/facts.tsx';
import { EventList } from './event-list.tsx';
import { FormError } from './form-error.tsx';
import { RemoveButton } from '../../../ui/remove-button.tsx';

export function CollectionDetailPanel({ collectionID }: { collectionID: number }) {
  const { data, events } = useIncidentPage();
  const { busy, error, run } = useAnnotationWrite();
  const close = useCloseDetail();
  const collection = data.collections.find((candidate) => candidate.id === collectionID);
  const members = useMemo(() => {
    const ids = new Set(collection?.eventIDs ?? []);
    return events.filter((event) => ids.has(event.id));
  }, [events, collection]);
  if (!collection) return <NotFound kind="collection" id={collectionID} />;
  return (
    <DetailPanel title={collection.name} kind="collection">
      <Facts
        rows={[
          ['Events', String(collection.eventIDs.length)],
          [
            'Kind',
            collection.isThread
              ? `reply thread of event ${collection.threadEventID ?? ''}`
              : collection.isAnalyst
                ? 'analyst collection'
                : 'collection',
          ],
        ]}
      />
      <EventList
        label="Events in the collection"
        events={members}
        action={(event) => (
          <RemoveButton
            label={`Remove event ${event.id} from the collection`}
            busy={busy}
            onClick={() =>
              void run('remove event from collection', () => removeCollectionEvents(collection.id, [event.id]), {
                eventID: event.id,
                value: collection.id,
              })
            }
          >
            Remove
          </RemoveButton>
        )}
      />
      <FormError message={error?.message} />
      <Button
        disabled={busy}
        className="self-start"
        onClick={() => {
          if (window.confirm(`Delete the collection "${collection.name}"? Its events stay.`)) {
            void run('delete collection', () => deleteCollection(collection.id), { value: collection.id }).then(
              (ok) => ok && close(),
            );
          }
        }}
      >
        Delete collection
      </Button>
    </DetailPanel>
  );
}
