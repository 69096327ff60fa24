/*
 * The stream, its incident's streams (for its colour) and the summary of its events, loaded
 * together and reloaded after every change the panel makes. Large incidents (the payload leaves
 * events out beyond 10,000) are read page by page with progress; changing stream cancels the read.
 * Without a network, the device's mirror of the incident stands in.
 */
import { NetworkError } from '../../data/api-client.ts';
import { useApiRead } from '../../data/use-api-read.ts';
import { loadStreamDetail, type StreamDetailData, type StreamDetailSource } from './load-stream-detail.ts';
import { mirrorStreamSource } from './mirror-stream-source.ts';
import { fetchEventPage, fetchIncidentStreams, fetchStream } from './streams-api.ts';

export type { StreamDetailData } from './load-stream-detail.ts';

const API_SOURCE: StreamDetailSource = {
  stream: (streamID, signal) => fetchStream(streamID, { signal }),
  incident: (incidentID, signal) => fetchIncidentStreams(incidentID, { signal }),
  eventPage: (incidentID, after, limit, signal) => fetchEventPage(incidentID, after, limit, { signal }),
};

type StreamDetailState =
  | { readonly phase: 'loading'; readonly scannedEvents: number; readonly totalEvents: number | undefined }
  | { readonly phase: 'error'; readonly message: string }
  /** `fromDevice`: the server did not answer, so this is the device's mirror (changes need the network). */
  | { readonly phase: 'loaded'; readonly data: StreamDetailData; readonly fromDevice: boolean };

async function loadOnlineOrMirrored(
  incidentID: number,
  streamID: number,
  signal: AbortSignal,
  onScan: (scanned: number, total: number) => void,
) {
  try {
    return { data: await loadStreamDetail(API_SOURCE, incidentID, streamID, signal, onScan), fromDevice: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    try {
      return {
        data: await loadStreamDetail(mirrorStreamSource(streamID), incidentID, streamID, signal, onScan),
        fromDevice: true,
      };
    } catch {
      // Not mirrored either: the network failure is the reason to show.
      throw error;
    }
  }
}

type Scan = { scannedEvents: number; totalEvents: number };

export function useStreamDetail(incidentID: number, streamID: number) {
  const { state: read, reload } = useApiRead(`${incidentID} ${streamID}`, (signal, progress: (scan: Scan) => void) =>
    loadOnlineOrMirrored(incidentID, streamID, signal, (scannedEvents, totalEvents) =>
      progress({ scannedEvents, totalEvents }),
    ),
  );
  // After reload() the current data stays on screen until the new data is in, unless pages must be read.
  const shown = read.status === 'loading' && read.progress === undefined ? read.previous : undefined;
  let state: StreamDetailState = { phase: 'loading', scannedEvents: 0, totalEvents: undefined };
  if (read.status === 'loaded') state = { phase: 'loaded', ...read.value };
  else if (shown) state = { phase: 'loaded', ...shown };
  else if (read.status === 'error')
    state = { phase: 'error', message: read.error instanceof Error ? read.error.message : String(read.error) };
  else if (read.status === 'loading' && read.progress) state = { phase: 'loading', ...read.progress };
  return { state, reload };
}
