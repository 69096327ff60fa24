/*
 * The event-search view: the server's full-text search over the incident (web search syntax),
 * best first, with « » marked snippets shown as text with <mark>. The side panel's stream and
 * actor switches and the time interval filter the results here too.
 */
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX, type SearchPreparing, type SearchResult } from '../../../../domain/search.ts';
import { formatMicros } from '../../../../domain/time/format-micros.ts';
import { ApiRequestError } from '../../../data/api-client.ts';
import { useApiPages } from '../../../data/use-api-pages.ts';
import { logFailure } from '../../../data/use-api-read.ts';
import { Button } from '../../../ui/button.tsx';
import { MarkedText } from '../../../ui/marked-text.tsx';
import { useTimeZoneReady } from '../../../ui/timestamp.tsx';
import { searchIncidentEvents } from '../event-search-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';
import { SearchPreparingNotice } from '../../../ui/search-preparing-notice.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SearchStatus } from '../../../ui/search-status.tsx';

interface Found {
  results: SearchResult[];
  total: number;
  /** A large import's search data still being prepared: results from it may be missing. */
  preparing: SearchPreparing | undefined;
}

/** The server's word on the query itself, shown beside the field rather than as a failed search. */
const queryError = (error: unknown) =>
  error instanceof ApiRequestError && error.apiError?.field === 'q' ? error.apiError.message : undefined;

export function EventSearchView() {
  const { incidentID, viewState, timeZone, audit } = useIncidentPage();
  const [text, setText] = useState(viewState.searchTerm);
  // Each submit is its own search, even of the same words.
  const [search, setSearch] = useState<{ q: string; count: number } | undefined>(undefined);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const zone = useTimeZoneReady(timeZone) ? timeZone : 'UTC';
  const {
    state: read,
    more,
    loadMore,
  } = useApiPages(
    search ? `${incidentID} ${search.count} ${search.q}` : undefined,
    async (signal, shown: Found | undefined): Promise<Found> => {
      const q = search?.q ?? '';
      if (shown === undefined) return searchIncidentEvents(incidentID, q, 0, signal);
      const page = await searchIncidentEvents(incidentID, q, shown.results.length, signal).catch(
        logFailure('more search results could not be loaded', signal),
      );
      return { ...shown, results: [...shown.results, ...page.results] };
    },
  );
  const rejected = read.status === 'error' ? queryError(read.error) : undefined;
  const shownFieldError = fieldError ?? rejected;
  const state =
    read.status === 'loaded'
      ? { status: 'done' as const, ...read.value, loadingMore: more.status === 'loading' }
      : read.status === 'loading'
        ? { status: 'searching' as const }
        : read.status === 'error' && rejected === undefined
          ? {
              status: 'failed' as const,
              message: read.error instanceof Error ? read.error.message : String(read.error),
            }
          : { status: 'idle' as const };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') {
      setFieldError('is required');
      return;
    }
    setFieldError(undefined);
    setSearch((current) => ({ q: trimmed, count: (current?.count ?? 0) + 1 }));
    audit('search events', { value: trimmed });
  }

  const hiddenStreams = viewState.streamVisibility;
  const hiddenActors = new Set(viewState.hiddenActorLanes);
  const interval = viewState.timeInterval;
  const shown =
    state.status === 'done'
      ? state.results.filter(
          ({ event }) =>
            hiddenStreams[String(event.streamID)] !== false &&
            !hiddenActors.has(event.actorID) &&
            (!interval || (event.startTimestamp >= interval.start && event.startTimestamp <= interval.end)),
        )
      : [];

  return (
    <section aria-label="Event search" className="flex min-w-0 flex-col gap-3">
      <form onSubmit={submit} className="flex items-start gap-2" role="search">
        <SearchField
          label="Search the incident"
          value={text}
          onValue={setText}
          maxLength={SEARCH_QUERY_MAX}
          placeholder='words, "a phrase", or, -word'
          error={shownFieldError}
          className="w-96"
        />
        <Button type="submit" variant="primary" className="mt-6">
          Search
        </Button>
      </form>
      <SearchStatus search={state} />
      {state.status === 'done' ? (
        <>
          {state.preparing ? (
            <SearchPreparingNotice
              preparing={state.preparing}
              onAgain={() => setSearch((current) => current && { ...current, count: current.count + 1 })}
            />
          ) : null}
          <p role="status" className="text-sm text-muted">
            {state.total.toLocaleString('en')} matches{state.preparing ? ' so far' : ''}
            {shown.length !== state.results.length
              ? `; ${shown.length} of the first ${state.results.length} pass the filters`
              : ''}
          </p>
          <ol
            className="flex flex-col divide-y divide-line rounded-md border border-line bg-panel"
            aria-label="Search results"
          >
            {shown.map(({ event, snippets }) => (
              <li key={event.id} className="flex flex-col gap-0.5 px-3 py-2" data-event-id={event.id}>
                <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
                  <span className="font-mono text-xs text-muted">
                    {formatMicros(event.startTimestamp, zone, 'YYYY-MM-DD HH:mm:ss.SSS')}
                  </span>
                  <span className="font-medium">{event.actorName}</span>
                  <span className="text-muted">{event.streamName}</span>
                  <Link
                    to="/incident/$incidentID/{-$viewName}/event/$eventID"
                    params={{ incidentID, viewName: 'event-search', eventID: event.id }}
                    className="ml-auto text-accent hover:underline"
                  >
                    Open event
                  </Link>
                </div>
                {snippets.length > 0 ? (
                  snippets.map((snippet, index) => (
                    <p key={index} className="break-words">
                      <MarkedText snippet={snippet} />
                    </p>
                  ))
                ) : (
                  <p className="break-words">{event.message}</p>
                )}
              </li>
            ))}
            {shown.length === 0 ? (
              <li className="px-3 py-2 text-muted">
                {state.preparing ? 'No events match so far.' : 'No events match.'}
              </li>
            ) : null}
          </ol>
          {state.results.length < state.total ? (
            <Button onClick={loadMore} disabled={state.loadingMore} className="self-start">
              {state.loadingMore ? 'Loading more…' : 'Load more results'}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
