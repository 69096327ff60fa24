/*
 * The writes made on this device that the server does not have yet: those waiting for the network,
 * and those it refused, each with the server's reason and the analyst's choice to send it again or
 * give it up.
 */
import type { ReactNode } from 'react';
import { useOutbox, type OutboxEntry } from '../../data/outbox/index.ts';
import { Button } from '../../ui/button.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';

export function OutboxPanel({ timeZone }: { timeZone: string }) {
  const { waiting, failed, retry, discard } = useOutbox();
  return (
    <section id="outbox" className="flex flex-col gap-3" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading" className="font-semibold">
        Writes not yet on the server
      </h2>
      {waiting.length === 0 && failed.length === 0 ? (
        <p className="text-muted">None: the server has everything written on this device.</p>
      ) : null}
      {failed.length > 0 ? (
        <OutboxGroup heading={`Refused by the server (${failed.length})`} refused listLabel="Writes the server refused">
          {failed.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-panel px-3 py-2"
            >
              <EntryText entry={entry} timeZone={timeZone} />
              <span className="text-danger">{entry.error}</span>
              <span className="ml-auto flex gap-2">
                <Button onClick={() => void retry(entry.id)} aria-label={`Send again: ${entry.label}`}>
                  Send again
                </Button>
                <Button variant="ghost" onClick={() => void discard(entry.id)} aria-label={`Discard: ${entry.label}`}>
                  Discard
                </Button>
              </span>
            </li>
          ))}
        </OutboxGroup>
      ) : null}
      {waiting.length > 0 ? (
        <OutboxGroup heading={`Waiting for the network (${waiting.length})`} listLabel="Writes waiting to be sent">
          {waiting.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-3 px-1">
              <EntryText entry={entry} timeZone={timeZone} />
              {entry.attempts > 0 ? (
                <span className="text-muted">
                  tried {entry.attempts}×: {entry.error}
                </span>
              ) : null}
            </li>
          ))}
        </OutboxGroup>
      ) : null}
    </section>
  );
}

/** The refused writes stand apart (spaced, in the danger colour); the waiting ones are sent in order. */
function OutboxGroup({
  heading,
  refused = false,
  listLabel,
  children,
}: {
  heading: string;
  refused?: boolean;
  listLabel: string;
  children: ReactNode;
}) {
  const List = refused ? 'ul' : 'ol';
  return (
    <div className="flex flex-col gap-2">
      <h3 className={refused ? 'font-medium text-danger' : 'font-medium'}>{heading}</h3>
      <List className={`flex max-w-4xl flex-col ${refused ? 'gap-2' : 'gap-1'}`} aria-label={listLabel}>
        {children}
      </List>
    </div>
  );
}

function EntryText({ entry, timeZone }: { entry: OutboxEntry; timeZone: string }) {
  return (
    <>
      <span className="text-ink">{entry.label}</span>
      <span className="text-muted">
        <Timestamp micros={entry.createdAt * 1000} zone={timeZone} />
      </span>
    </>
  );
}
