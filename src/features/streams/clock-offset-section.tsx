/*
 * Issue 5 part 5: shift a whole stream by a signed offset. The analyst types it, sees the first
 * events move and the new time range, then applies it; Undo (or Ctrl+Z in the panel) restores the
 * offset that was there before. The server moves the stored times; the source file keeps the raw ones.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiRequestError, NetworkError } from '../../data/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { formatClockOffset, parseClockOffset } from './clock-offset.ts';
import { OffsetPreviewTable } from './offset-preview-table.tsx';
import { offsetRefusal, shiftedRange } from './stream-event-summary.ts';
import { StreamTimeRange } from './stream-time.tsx';
import { setClockOffset } from './streams-api.ts';
import type { StreamDetailData } from './use-stream-detail.ts';

export interface ClockOffsetHandle {
  /** Undoes the last applied offset; false when there is nothing to undo. */
  undo(): boolean;
}

function serverReason(error: unknown): string {
  if (error instanceof ApiRequestError && error.apiError) return error.apiError.message;
  if (error instanceof NetworkError) return 'got no answer from the server (offline?): nothing changed';
  return error instanceof Error ? error.message : String(error);
}

function direction(deltaMicros: number): string {
  if (deltaMicros === 0) return 'events stay where they are';
  return `events move ${formatClockOffset(Math.abs(deltaMicros)).slice(1)} ${deltaMicros > 0 ? 'later' : 'earlier'}`;
}

export function ClockOffsetSection({
  data,
  zone,
  onApplied,
  ref,
}: {
  data: StreamDetailData;
  zone: string;
  onApplied: () => void;
  ref?: Ref<ClockOffsetHandle>;
}) {
  const { stream, summary, incident } = data;
  const current = stream.clockOffsetMicroseconds;
  const headingID = useId();
  const [text, setText] = useState(() => formatClockOffset(current));
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [previous, setPrevious] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState('');
  const undoRef = useRef<HTMLButtonElement>(null);
  const focusUndoRef = useRef(false);
  // The Apply button turns disabled after applying; the focus moves to Undo (enabled by then), so it
  // stays in the panel, where Ctrl+Z undoes.
  useEffect(() => {
    if (!focusUndoRef.current || previous === undefined || busy) return;
    focusUndoRef.current = false;
    undoRef.current?.focus();
  }, [previous, busy]);

  const parsed = parseClockOffset(text);
  const next = parsed.ok ? parsed.micros : undefined;
  const refusal = next === undefined ? undefined : offsetRefusal(summary, current, next);
  const fieldError = !parsed.ok ? parsed.reason : (refusal ?? serverError);
  const range = next === undefined || refusal !== undefined ? undefined : shiftedRange(summary, current, next);
  const actorNames = new Map(incident.actors.map((actor) => [actor.id, actor.name]));
  const canApply = next !== undefined && next !== current && refusal === undefined && !busy && !stream.isMarkerStream;

  const change = async (target: number, done: string): Promise<boolean> => {
    setBusy(true);
    setServerError(undefined);
    try {
      await setClockOffset(stream.id, target);
      setText(formatClockOffset(target));
      setStatus(done);
      onApplied();
      return true;
    } catch (error) {
      setServerError(serverReason(error));
      setStatus('');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!canApply || next === undefined) return;
    if (await change(next, `Clock offset ${formatClockOffset(next)} applied: ${direction(next - current)}.`)) {
      setPrevious(current);
      focusUndoRef.current = true;
    }
  };

  const undo = async () => {
    if (previous === undefined || busy) return;
    if (await change(previous, `Undone: the clock offset is ${formatClockOffset(previous)} again.`))
      setPrevious(undefined);
  };

  useImperativeHandle(ref, () => ({
    undo() {
      if (previous === undefined || busy) return false;
      void undo();
      return true;
    },
  }));

  return (
    <section aria-labelledby={headingID} className="flex flex-col gap-3">
      <h3 id={headingID} className="font-semibold">
        Clock offset
      </h3>
      {stream.isMarkerStream ? (
        <p className="text-sm text-muted">The marker stream belongs to the incident; its clock cannot be shifted.</p>
      ) : (
        <>
          <form
            className="flex flex-wrap items-start gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void apply();
            }}
          >
            <TextField
              label="Offset"
              value={text}
              spellCheck={false}
              autoComplete="off"
              placeholder="+90s, -1h 30m, -00:01:30, 250ms"
              error={fieldError}
              disabled={busy}
              className="w-72"
              onChange={(event) => {
                setText(event.target.value);
                setServerError(undefined);
                setStatus('');
              }}
            />
            <div className="flex gap-2 pt-6">
              <Button type="submit" variant="primary" disabled={!canApply}>
                {busy ? 'Applying…' : 'Apply'}
              </Button>
              <Button
                ref={undoRef}
                disabled={previous === undefined || busy}
                onClick={() => void undo()}
                title="Undo (Ctrl+Z)"
              >
                Undo
              </Button>
            </div>
          </form>
          <p className="text-sm" data-offset="parsed" aria-live="polite">
            {next === undefined ? (
              <span className="text-muted">
                Signed: + when the source clock ran slow (its events move later), − when it ran fast.
              </span>
            ) : (
              <>
                Reads as <span className="font-semibold tabular-nums">{formatClockOffset(next)}</span> (
                {next.toLocaleString()} µs): {next === current ? 'the offset applied now' : direction(next - current)}.
              </>
            )}
          </p>
          <p className="text-sm" data-offset="new-range">
            <span className="text-muted">New time range: </span>
            {range === undefined ? (
              <span className="text-muted">—</span>
            ) : (
              <StreamTimeRange startMicros={range.startMicros} endMicros={range.endMicros} zone={zone} />
            )}
          </p>
        </>
      )}
      {status ? (
        <p role="status" className="text-sm">
          {status}
        </p>
      ) : null}
      {stream.isMarkerStream ? null : (
        <>
          <h4 className="text-sm font-semibold">
            Preview: the first {summary.first.length} of {countNoun(stream.eventCount, 'event')}{' '}
            <span className="font-normal text-muted">(times in {zone})</span>
          </h4>
          <OffsetPreviewTable
            events={summary.first}
            currentMicros={current}
            nextMicros={refusal === undefined ? next : undefined}
            actorNames={actorNames}
            zone={zone}
          />
        </>
      )}
    </section>
  );
}
