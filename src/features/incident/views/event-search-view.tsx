/*
 * The event-search view: the server's full-text search over the incident (web search syntax),
 * best first, with « » marked snippets shown as text with <mark>. The side panel's stream and
 * actor switches and the time interval filter the results here too.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { SEARCH_QUERY_MAX, type SearchResult } from '../../../../domain/search.ts';
import { formatMicros } from '../../../../domain/time/format-micros.ts';
import { ApiRequestError, isAbortError } from '../../../data/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { MarkedText } from '../../../ui/marked-text.tsx';
import { useTimeZoneReady } from '../../../ui/timestamp.tsx';
import { searchIncidentEvents } from '../event-search-api.ts';
import { useIncidentPage } from '../incident-page-context.ts';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; q: string }
  | { status: 'done'; q: string; results: SearchResult[]; total: number; loadingMore: boolean }
  | { status: 'failed'; q: string; message: string };

export function EventSearchView() {
  const { incidentID, viewState, timeZone, audit } = useIncidentPage();
  const [text, setText] = useState(viewState.searchTerm);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [fieldError, setFieldError] = useState<string | undefined>();
  const zone = useTimeZoneReady(timeZone) ? timeZone : 'UTC';
  const q = state.status === 'idle' ? undefined : state.q;

  useEffect(() => {
    if (q === undefined) return;
    const controller = new AbortController();
    searchIncidentEvents(incidentID, q, 0, controller.signal).then(
      (page) => setState({ status: 'done', q, results: page.results, total: page.total, loadingMore: false }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        if (error instanceof ApiRequestError && error.apiError?.field === 'q') {
          setFieldError(error.apiError.message);
          setState({ status: 'idle' });
          return;
        }
        setState({ status: 'failed', q, message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [incidentID, q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') {
      setFieldError('is required');
      return;
    }
    setFieldError(undefined);
    setState({ status: 'searching', q: trimmed });
    audit('search events', { value: trimmed });
  }

  function loadMore() {
    if (state.status !== 'done') return;
    setState({ ...state, loadingMore: true });
    const controller = new AbortController();
    searchIncidentEvents(incidentID, state.q, state.results.length, controller.signal).then(
      (page) =>
        setState((current) =>
          current.status === 'done' && current.q === state.q
            ? { ...current, results: [...current.results, ...page.results], loadingMore: false }
            : current,
        ),
      (error: unknown) => {
        console.error('more search results could not be loaded', error);
        setState((current) => (current.status === 'done' ? { ...current, loadingMore: false } : current));
      },
    );
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
        <div className="flex flex-col gap-1">
          <label htmlFor="event-search-q" className="font-medium">
            Search the incident
          </label>
          <input
            id="event-search-q"
            type="search"
            value={text}
            maxLength={SEARCH_QUERY_MAX}
            placeholder='words, "a phrase", or, -word'
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'event-search-q-error' : undefined}
            onChange={(event) => setText(event.target.value)}
            className={`w-96 rounded-md border bg-panel px-2.5 py-1.5 ${fieldError ? 'border-danger' : 'border-line'}`}
          />
          {fieldError ? (
            <p id="event-search-q-error" role="alert" className="text-danger">
              {fieldError}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="primary" className="mt-6">
          Search
        </Button>
      </form>
      {state.status === 'searching' ? (
        <p role="status" className="text-muted">
          Searching…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="text-danger">
          The search failed: {state.message}
        </p>
      ) : null}
      {state.status === 'done' ? (
        <>
          <p role="status" className="text-sm text-muted">
            {state.total.toLocaleString('en')} matches
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
            {shown.length === 0 ? <li className="px-3 py-2 text-muted">No events match.</li> : null}
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
