/*
 * Home: recent incidents and organizations from this device's mirror, and one search box across
 * everything the analyst may read (incident and organization names here, events on the server).
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { SearchPreparing, SearchResult } from '../../../domain/search.ts';
import { ApiRequestError } from '../../data/api-client.ts';
import { useApiRead } from '../../data/use-api-read.ts';
import { recordAuditAction } from '../../data/audit-actions.ts';
import {
  useIncidentList,
  useIncidentListSync,
  useOrganizations,
  useOrganizationsSync,
} from '../../data/mirror/index.ts';
import { Button } from '../../ui/button.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { SearchStatus } from '../../ui/search-status.tsx';
import { MarkedText } from '../../ui/marked-text.tsx';
import { SearchPreparingNotice } from '../../ui/search-preparing-notice.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import { searchEverything } from './home-search-api.ts';
import { RecentList } from './recent-list.tsx';
import { IncidentLink, OrganizationLink } from '../../ui/entity-link.tsx';

const RECENT = 8;

type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; q: string }
  | { status: 'done'; q: string; results: SearchResult[]; total: number; preparing: SearchPreparing | undefined }
  | { status: 'failed'; q: string; message: string };

function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.apiError
    ? error.apiError.message
    : error instanceof Error
      ? error.message
      : String(error);
}

export function HomeScreen({ timeZone }: { timeZone: string }) {
  useOrganizationsSync();
  useIncidentListSync();
  const organizations = useOrganizations();
  const incidents = useIncidentList();
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const { state: read, reload } = useApiRead(q === undefined ? undefined : `search ${q}`, (signal) =>
    searchEverything(q ?? '', signal),
  );
  const search: SearchState =
    q === undefined
      ? { status: 'idle' }
      : read.status === 'loaded'
        ? { status: 'done', q, ...read.value }
        : read.status === 'error'
          ? { status: 'failed', q, message: failureMessage(read.error) }
          : { status: 'searching', q };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return;
    // The same words again search again (the index may have grown since).
    if (trimmed === q) reload();
    else setQ(trimmed);
    void recordAuditAction('search events', { value: trimmed });
  }

  const words = (q ?? '').toLowerCase();
  const matchingIncidents = q
    ? (incidents ?? []).filter((incident) => incident.name.toLowerCase().includes(words))
    : [];
  const matchingOrganizations = q
    ? (organizations ?? []).filter((organization) => organization.name.toLowerCase().includes(words))
    : [];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
      <h1 className="text-lg font-semibold">Home</h1>
      <form onSubmit={submit} role="search" className="flex items-end gap-2">
        <SearchField
          label="Search everything"
          value={text}
          onValue={setText}
          placeholder='Incidents, organizations and events: words, "a phrase", -word'
          wide
          className="flex-1"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>

      <SearchStatus search={search} />
      {search.status === 'done' ? (
        <section aria-label="Search results" className="flex flex-col gap-2">
          <h2 className="text-base font-semibold">Results for “{search.q}”</h2>
          {matchingOrganizations.length + matchingIncidents.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {matchingOrganizations.map((organization) => (
                <li key={`o${organization.id}`}>
                  <OrganizationLink organizationID={organization.id} look="chip">
                    Organization: {organization.name}
                  </OrganizationLink>
                </li>
              ))}
              {matchingIncidents.map((incident) => (
                <li key={`i${incident.id}`}>
                  <IncidentLink incidentID={incident.id} look="chip">
                    Incident: {incident.name}
                  </IncidentLink>
                </li>
              ))}
            </ul>
          ) : null}
          {search.preparing ? <SearchPreparingNotice preparing={search.preparing} onAgain={reload} /> : null}
          <p className="text-sm text-muted">
            {search.total.toLocaleString('en')} matching events{search.preparing ? ' so far' : ''}
          </p>
          <ol className="flex flex-col divide-y divide-line rounded-md border border-line bg-panel">
            {search.results.map(({ event, snippets }) => (
              <li key={event.id} className="flex flex-col gap-0.5 px-3 py-2">
                <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
                  <Link
                    to="/incident/$incidentID/{-$viewName}/event/$eventID"
                    params={{ incidentID: event.incidentID, eventID: event.id }}
                    className="font-medium text-accent hover:underline"
                  >
                    {event.incidentName}
                  </Link>
                  <span className="text-muted">{event.actorName}</span>
                  <Timestamp micros={event.startTimestamp} zone={timeZone} />
                </div>
                <p className="break-words">{snippets[0] ? <MarkedText snippet={snippets[0]} /> : event.message}</p>
              </li>
            ))}
            {search.results.length === 0 ? (
              <li className="px-3 py-2 text-muted">
                {search.preparing ? 'No events match so far.' : 'No events match.'}
              </li>
            ) : null}
          </ol>
        </section>
      ) : null}

      <div className="grid gap-5 md:grid-cols-2">
        <RecentList
          title="Recent incidents"
          links={[
            { label: 'Add incident', to: '/incident/new' },
            { label: 'All incidents', to: '/incidents' },
          ]}
          items={incidents?.slice(0, RECENT)}
          empty="No incidents yet."
        >
          {(incident) => (
            <li key={incident.id} className="flex flex-col px-3 py-2">
              <IncidentLink incidentID={incident.id}>{incident.name}</IncidentLink>
              <span className="text-sm text-muted">
                {incident.organizationName} · {countNoun(incident.counts.events, 'event')}
                {incident.firstTimestamp !== null ? (
                  <>
                    {' · '}
                    <Timestamp micros={incident.firstTimestamp} zone={timeZone} />
                  </>
                ) : null}
              </span>
            </li>
          )}
        </RecentList>
        <RecentList
          title="Organizations"
          links={[
            { label: 'Add organization', to: '/organization/new' },
            { label: 'All organizations', to: '/organizations' },
          ]}
          items={organizations?.slice(0, RECENT)}
          empty="No organizations yet."
        >
          {(organization) => (
            <li key={organization.id} className="flex items-baseline justify-between px-3 py-2">
              <OrganizationLink organizationID={organization.id}>{organization.name}</OrganizationLink>
              <span className="text-sm text-muted">{countNoun(organization.incidentCount, 'incident')}</span>
            </li>
          )}
        </RecentList>
      </div>
    </div>
  );
}
