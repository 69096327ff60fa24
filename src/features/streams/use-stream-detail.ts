/*
 * The stream, its incident's streams (for its colour) and the summary of its events, loaded
 * together and reloaded after every change the panel makes. Large incidents (the payload leaves
 * events out beyond 10,000) are read page by page with progress; changing stream cancels the read.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { loadStreamDetail, type StreamDetailData, type StreamDetailSource } from './load-stream-detail.ts';
import { fetchEventPage, fetchIncidentStreams, fetchStream } from './streams-api.ts';

export type { StreamDetailData } from './load-stream-detail.ts';

const API_SOURCE: StreamDetailSource = {
  stream: (streamID, signal) => fetchStream(streamID, { signal }),
  incident: (incidentID, signal) => fetchIncidentStreams(incidentID, { signal }),
  eventPage: (incidentID, after, limit, signal) => fetchEventPage(incidentID, after, limit, { signal }),
};

export type StreamDetailState =
  | { readonly phase: 'loading'; readonly scannedEvents: number; readonly totalEvents: number | undefined }
  | { readonly phase: 'error'; readonly message: string }
  | { readonly phase: 'loaded'; readonly data: StreamDetailData };

export function useStreamDetail(incidentID: number, streamID: number) {
  const [state, setState] = useState<StreamDetailState>({ phase: 'loading', scannedEvents: 0, totalEvents: undefined });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadStreamDetail(API_SOURCE, incidentID, streamID, controller.signal, (scannedEvents, totalEvents) => setState({ phase: 'loading', scannedEvents, totalEvents })).then(
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
