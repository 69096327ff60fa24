/*
 * The stream, its incident's streams (for its colour) and the summary of its events, loaded
 * together and reloaded after every change the panel makes. Large incidents (the payload leaves
 * events out beyond 10,000) are read page by page with progress; changing stream cancels the read.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { addEvents, EMPTY_SUMMARY, type StreamEventSummary } from './stream-event-summary.ts';
import { fetchEventPage, fetchIncidentStreams, fetchStream, type IncidentStreams, type StreamDetail } from './streams-api.ts';

const PAGE_EVENTS = 20_000;

export interface StreamDetailData {
  readonly stream: StreamDetail;
  readonly incident: IncidentStreams;
  readonly summary: StreamEventSummary;
}

export type StreamDetailState =
  | { readonly phase: 'loading'; readonly scannedEvents: number; readonly totalEvents: number | undefined }
  | { readonly phase: 'error'; readonly message: string }
  | { readonly phase: 'loaded'; readonly data: StreamDetailData };

async function load(incidentID: number, streamID: number, signal: AbortSignal, onScan: (scanned: number, total: number) => void): Promise<StreamDetailData> {
  const [stream, incident] = await Promise.all([fetchStream(streamID, { signal }), fetchIncidentStreams(incidentID, { signal })]);
  if (stream.incidentID !== incidentID) throw new Error(`stream ${streamID} belongs to another incident (${stream.incidentID})`);
  if (incident.eventsComplete) return { stream, incident, summary: addEvents(EMPTY_SUMMARY, incident.events, streamID) };
  let summary = EMPTY_SUMMARY;
  let scanned = 0;
  let after: string | null = null;
  do {
    const page = await fetchEventPage(incidentID, after, PAGE_EVENTS, { signal });
    summary = addEvents(summary, page.events, streamID);
    scanned += page.events.length;
    onScan(scanned, incident.counts.events);
    after = page.nextCursor;
  } while (after !== null && summary.count < stream.eventCount);
  // Once every event of the stream is seen (eventCount), the rest of the incident cannot change the range.
  return { stream, incident, summary };
}

export function useStreamDetail(incidentID: number, streamID: number) {
  const [state, setState] = useState<StreamDetailState>({ phase: 'loading', scannedEvents: 0, totalEvents: undefined });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(incidentID, streamID, controller.signal, (scannedEvents, totalEvents) => setState({ phase: 'loading', scannedEvents, totalEvents })).then(
      (data) => setState({ phase: 'loaded', data }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [incidentID, streamID, generation]);

  /** Reads everything again; the current data stays on screen until the new data is in. */
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
