/*
 * The filter bar of the organization's timeline, swimlane and actor charts, as the incident's
 * toolbar has: a search term, a time interval, the incidents shown and one actor. It says how many
 * events pass, and clears everything at once.
 */
import type { CSSProperties } from 'react';
import { paletteColor } from '../../../domain/color/palette.ts';
import { Button } from '../../ui/button.tsx';
import { IntervalForm } from '../../ui/interval-form.tsx';
import { ToolbarField, toolbarFieldClass } from '../../ui/toolbar-field.tsx';
import { SearchTermField } from '../../ui/search-term-field.tsx';
import { useTimeZoneReady } from '../../ui/timestamp.tsx';
import { isFiltering, organizationFilterOf, type OrganizationFilterFields } from './organization-event-filter.ts';
import { OptionList } from '../../ui/option-list.tsx';

interface OrganizationFilterBarProps {
  fields: OrganizationFilterFields;
  update: (patch: Partial<OrganizationFilterFields>) => void;
  zone: string;
  incidents: ReadonlyArray<{ id: number; name: string; colorIndex: number }>;
  actors: ReadonlyArray<{ id: number; name: string }>;
  shownCount: number;
  totalCount: number;
  bounds: { first: number; last: number };
}

export function OrganizationFilterBar({
  fields,
  update,
  zone: wantedZone,
  incidents,
  actors,
  shownCount,
  totalCount,
  bounds,
}: OrganizationFilterBarProps) {
  const filter = organizationFilterOf(fields);
  const active = isFiltering(filter);
  const zone = useTimeZoneReady(wantedZone) ? wantedZone : 'UTC';
  const clearAll = () =>
    update({ timeInterval: null, searchTerm: '', streamVisibility: {}, selectedOrganizationActorIDs: [] });

  return (
    <section
      aria-label="Filters of the organization's pictures"
      className="flex flex-col gap-2 rounded-md border border-line bg-panel p-2 text-sm"
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchTermField
          id="organization-search-term"
          value={fields.searchTerm}
          onValue={(searchTerm) => update({ searchTerm })}
          width="w-52"
        />
        {/* Keyed by the interval, so one set elsewhere (a pinch on actor-scatter, Clear filters) is what the fields say. */}
        <IntervalForm
          key={`${filter.interval?.start ?? ''}-${filter.interval?.end ?? ''}`}
          idPrefix="organization-interval"
          interval={filter.interval}
          zone={zone}
          bounds={bounds}
          onInterval={(timeInterval) => update({ timeInterval })}
        />
        <ToolbarField id="organization-actor" label="Actor">
          <select
            id="organization-actor"
            value={filter.actorID === undefined ? '' : String(filter.actorID)}
            className={`${toolbarFieldClass} max-w-56 border-line`}
            onChange={(event) =>
              update({ selectedOrganizationActorIDs: event.target.value === '' ? [] : [Number(event.target.value)] })
            }
          >
            <option value="">All actors</option>
            <OptionList choices={actors.map((actor) => ({ value: actor.id, label: actor.name }))} />
          </select>
        </ToolbarField>
        <p role="status" className="self-end pb-1 text-muted">
          {shownCount.toLocaleString('en')} of {totalCount.toLocaleString('en')} events
        </p>
        {active ? (
          <Button variant="ghost" className="self-end px-2 py-1" onClick={clearAll}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="sr-only">Incidents shown</legend>
        {incidents.map((incident) => {
          const shown = !filter.hiddenIncidentIDs.has(incident.id);
          return (
            <label key={incident.id} className="flex cursor-pointer items-center gap-1.5">
              <input
                type="checkbox"
                checked={shown}
                onChange={() => update({ streamVisibility: { ...fields.streamVisibility, [incident.id]: !shown } })}
              />
              <span
                aria-hidden="true"
                className="inline-block h-3 w-1.5 rounded-sm bg-[var(--incident-light)] dark:bg-[var(--incident-dark)]"
                style={
                  {
                    '--incident-light': paletteColor(incident.colorIndex, 'light'),
                    '--incident-dark': paletteColor(incident.colorIndex, 'dark'),
                  } as CSSProperties
                }
              />
              {incident.name}
            </label>
          );
        })}
      </fieldset>
    </section>
  );
}
