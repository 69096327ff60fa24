/*
 * The stream detail panel (/incident/{id}/{view}/stream/{streamID}): what the stream is, its name,
 * its clock offset and re-importing its source. Re-import needs the import preview of the imports
 * feature, which this feature may not import: the route hands it in as `reimport`.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { ClockOffsetSection, type ClockOffsetHandle } from './clock-offset-section.tsx';
import { StreamFacts } from './stream-facts.tsx';
import { StreamNameForm } from './stream-name-form.tsx';
import { refreshIncidentMirror } from './streams-api.ts';
import { useStreamDetail, type StreamDetailData } from './use-stream-detail.ts';

interface StreamPanelProps {
  readonly incidentID: number;
  readonly streamID: number;
  /** The analyst's time zone (settings), for every time shown. */
  readonly timeZone: string;
  /** The re-import section, given the loaded stream and a way to reload the panel after a merge. */
  readonly reimport?: ((data: StreamDetailData, onMerged: () => void) => ReactNode) | undefined;
  /** Closes the panel (back to the view it was opened from); also Escape outside a text field. */
  readonly onClose?: (() => void) | undefined;
}

function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.tagName === 'TEXTAREA' ||
      (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'file'))
  );
}

export function StreamPanel({ incidentID, streamID, timeZone, reimport, onClose }: StreamPanelProps) {
  const { state, reload } = useStreamDetail(incidentID, streamID);
  const offsetRef = useRef<ClockOffsetHandle>(null);
  const headingID = useId();
  const data = state.phase === 'loaded' ? state.data : undefined;
  const changed = () => {
    reload();
    refreshIncidentMirror(incidentID);
  };

  return (
    <section
      aria-labelledby={headingID}
      // Focusable so Ctrl+Z reaches it after a click anywhere in the panel.
      tabIndex={-1}
      className="flex w-[42rem] max-w-full shrink-0 flex-col gap-4 self-start rounded-md border border-line bg-panel p-4 outline-none"
      data-stream-panel={streamID}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose && !isTextEntry(event.target)) {
          onClose();
          return;
        }
        // Ctrl+Z in a text field undoes typing there; elsewhere in the panel it undoes the offset.
        if (
          (event.ctrlKey || event.metaKey) &&
          !event.shiftKey &&
          event.key.toLowerCase() === 'z' &&
          !isTextEntry(event.target)
        ) {
          if (offsetRef.current?.undo()) event.preventDefault();
        }
      }}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingID} className="min-w-0 text-base font-semibold break-words">
          Stream {data ? <span data-stream-name>{data.stream.name}</span> : null}
        </h2>
        {onClose ? (
          <Button variant="ghost" className="px-2 py-0.5" onClick={onClose} aria-label="Close the stream panel">
            ✕
          </Button>
        ) : null}
      </div>
      {state.phase === 'loading' ? (
        <p role="status" className="text-sm text-muted">
          Loading the stream…
          {state.totalEvents !== undefined
            ? ` ${state.scannedEvents.toLocaleString('en')} of ${countNoun(state.totalEvents, 'event')} read`
            : ''}
        </p>
      ) : null}
      {state.phase === 'loading' && state.totalEvents !== undefined ? (
        <ProgressBar
          className="w-64"
          label="Reading the incident's events"
          max={state.totalEvents}
          value={state.scannedEvents}
        />
      ) : null}
      {state.phase === 'error' ? (
        <div role="alert" className="flex flex-col gap-2 text-danger">
          <p>The stream could not be loaded: {state.message}</p>
        </div>
      ) : null}
      {state.phase === 'loaded' && state.fromDevice ? (
        <p role="status" className="rounded-md bg-warning-bg px-2 py-1 text-sm text-warning" data-stream-offline>
          Offline: shown from this device&apos;s copy of the incident. Renaming, shifting and re-importing need the
          server.
        </p>
      ) : null}
      {data ? (
        <>
          <StreamFacts data={data} zone={timeZone} />
          {data.stream.isMarkerStream ? null : (
            <StreamNameForm key={data.stream.name} streamID={streamID} name={data.stream.name} onSaved={changed} />
          )}
          <ClockOffsetSection ref={offsetRef} data={data} zone={timeZone} onApplied={changed} />
          {reimport && !data.stream.isMarkerStream ? reimport(data, changed) : null}
        </>
      ) : null}
    </section>
  );
}
