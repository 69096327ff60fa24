/*
 * The incident toolbar: time zone (only names of the zone table), time interval (in that zone)
 * and search term, each with its message beside the field. The interval applies on Enter or Apply.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import { useMemo, useState, type ReactNode } from 'react';
import { isKnownTimeZone, listTimeZoneOptions } from '../../../domain/time/time-zone-table.ts';
import { IntervalForm } from '../../ui/interval-form.tsx';
import { errorLink, ToolbarField, toolbarFieldClass } from '../../ui/toolbar-field.tsx';
import { SearchTermField } from '../../ui/search-term-field.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { useIncidentPage } from './incident-page-context.ts';

function ZoneField({ zone, onZoneChange }: { zone: string; onZoneChange: (zone: string) => void }) {
  const options = useMemo(() => listTimeZoneOptions(), []);
  const [text, setText] = useState(zone);
  const error = text.trim() !== '' && !isKnownTimeZone(text.trim()) ? 'is not a known time zone' : undefined;
  return (
    <ToolbarField id="incident-time-zone" label="Time zone" error={error}>
      <input
        id="incident-time-zone"
        list="incident-time-zones"
        value={text}
        spellCheck={false}
        autoComplete="off"
        {...errorLink('incident-time-zone', error)}
        className={`${toolbarFieldClass} w-52 ${error ? 'border-danger' : 'border-line'}`}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (isKnownTimeZone(next.trim())) onZoneChange(next.trim());
        }}
      />
      <datalist id="incident-time-zones">
        {options.map((option) => (
          <option key={option.name} value={option.name} label={option.label} />
        ))}
      </datalist>
    </ToolbarField>
  );
}

function IncidentIntervalForm() {
  const { data, viewState, updateViewState, timeZone, audit } = useIncidentPage();
  const ready = useTimeZoneReady(timeZone);
  const first = data.incident.firstTimestamp ?? 0;
  return (
    <IntervalForm
      idPrefix="incident-interval"
      interval={viewState.timeInterval}
      zone={ready ? timeZone : 'UTC'}
      bounds={{ first, last: data.incident.lastTimestamp ?? first }}
      onInterval={(interval) => {
        updateViewState({ timeInterval: interval });
        audit(interval ? 'set time interval' : 'clear time interval', { value: interval });
      }}
      onClear={() => {
        updateViewState({ timeInterval: null });
        audit('clear time interval');
      }}
    />
  );
}

export function IncidentToolbar({
  onZoneChange,
  actions,
  filtersButton,
}: {
  onZoneChange: (zone: string) => void;
  actions?: ReactNode;
  filtersButton?: ReactNode;
}) {
  const { viewState, updateViewState, timeZone, filtered, events, audit } = useIncidentPage();
  const ready = useTimeZoneReady(timeZone);
  return (
    <div
      role="toolbar"
      aria-label="Incident toolbar"
      className="flex flex-wrap items-start gap-3 border-b border-line pb-2"
    >
      {filtersButton}
      <ZoneField
        zone={timeZone}
        onZoneChange={(zone) => {
          onZoneChange(zone);
          audit('set time zone', { value: zone });
        }}
      />
      <IncidentIntervalForm
        key={`${ready} ${viewState.timeInterval?.start ?? ''} ${viewState.timeInterval?.end ?? ''} ${timeZone}`}
      />
      <SearchTermField
        id="incident-search-term"
        value={viewState.searchTerm}
        onValue={(searchTerm) => updateViewState({ searchTerm })}
        maxLength={500}
        width="w-56"
        onBlur={(event) => {
          if (event.target.value !== '') audit('set search term', { value: event.target.value });
        }}
      />
      <p className="self-end pb-1 text-sm text-muted" role="status" aria-live="polite">
        <span data-testid="shown-event-count">{filtered.count.toLocaleString('en')}</span> of{' '}
        {countNoun(events.length, 'event')}
      </p>
      {actions ? <div className="ml-auto flex items-end gap-2 self-end">{actions}</div> : null}
    </div>
  );
}
