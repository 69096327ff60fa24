/*
 * "Add marker": a marker (a full-width line across every picture) at a time typed in the chosen
 * zone, with its label. Opens prefilled with the selected event's time.
 */
import { useState, type FormEvent } from 'react';
import { SYMBOLS } from '../../../domain/annotations.ts';
import { formatMicros } from '../../../domain/time/format-micros.ts';
import { parseDate } from '../../../domain/time/parse-date.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { createMarker } from '../../data/annotation-api.ts';
import { eventPositionOfID } from '../../data/mirror/index.ts';
import { useIncidentPage } from './incident-page-context.ts';
import { formMessage, messageFor, useAnnotationWrite } from './use-annotation-write.ts';

const PATTERN = 'YYYY-MM-DD HH:mm:ss.SSS';
const SYMBOL_GLYPHS = { circle: '●', airplane: '✈', rocket: '🚀' } as const;

function MarkerForm({ onDone }: { onDone: () => void }) {
  const { incidentID, events, data, viewState, timeZone } = useIncidentPage();
  const zone = useTimeZoneReady(timeZone) ? timeZone : 'UTC';
  const selectedID = viewState.selectedEventIDs[0];
  const selected = selectedID === undefined ? undefined : events[eventPositionOfID(events, selectedID)];
  const initial = selected?.startTimestamp ?? data.incident.firstTimestamp ?? 0;
  const [timeText, setTimeText] = useState(() => formatMicros(initial, zone, PATTERN));
  const [message, setMessage] = useState('');
  const [symbol, setSymbol] = useState<(typeof SYMBOLS)[number]>('circle');
  const [timeError, setTimeError] = useState<string | undefined>();
  const { busy, error, run, field } = useAnnotationWrite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const startTimestamp = parseDate(timeText, zone);
    if (startTimestamp === undefined) {
      setTimeError('is not a date (YYYY-MM-DD HH:mm:ss)');
      return;
    }
    setTimeError(undefined);
    const created = await run('create marker', () => createMarker(incidentID, { message, startTimestamp }, symbol), {
      value: { startTimestamp, symbol },
    });
    if (created) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextField
        label={`Time (${zone})`}
        value={timeText}
        onChange={(event) => setTimeText(event.target.value)}
        disabled={busy}
        error={timeError ?? messageFor(error, ['startTimestamp'])}
      />
      <TextField
        label="Marker label"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        {...field('message')}
        autoFocus
      />
      <SelectField
        label="Symbol"
        value={symbol}
        options={SYMBOLS.map((value) => ({ value, label: `${SYMBOL_GLYPHS[value]} ${value}` }))}
        onChange={(event) => setSymbol(event.target.value as (typeof SYMBOLS)[number])}
        {...field('symbol')}
      />
      {formMessage(error, ['startTimestamp', 'message', 'symbol']) ? (
        <p role="alert" className="text-danger">
          {formMessage(error, ['startTimestamp', 'message', 'symbol'])}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          Add marker
        </Button>
      </div>
    </form>
  );
}

export function AddMarkerButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="px-2 py-1" onClick={() => setOpen(true)}>
        Add marker
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add marker"
        description="A marker is a line across every picture at one moment."
      >
        {open ? <MarkerForm onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
