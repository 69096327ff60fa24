/*
 * Incidents as a table (TanStack Table v9): sort on several fields (click a heading; shift-click
 * adds one) and filter by words and by incident tag. Used by an organization's page and /incidents.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import {
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { IncidentSummary } from '../../../domain/incident.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { Timestamp } from '../../ui/timestamp.tsx';
import { filterIncidents } from './filter-incidents.ts';
import { ariaSort, SortButton } from '../../ui/sort-button.tsx';
import { IncidentLink, OrganizationLink } from '../../ui/entity-link.tsx';
import { SearchField } from '../../ui/search-field.tsx';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
});

function columnsFor(timeZone: string, showOrganization: boolean): Array<ColumnDef<typeof features, IncidentSummary>> {
  const time = (micros: number | null) =>
    micros === null ? <span className="text-muted">—</span> : <Timestamp micros={micros} zone={timeZone} />;
  const columns: Array<ColumnDef<typeof features, IncidentSummary>> = [
    {
      id: 'name',
      header: 'Incident',
      accessorFn: (incident) => incident.name.toLowerCase(),
      sortFn: 'text',
      cell: ({ row }) => <IncidentLink incidentID={row.original.id}>{row.original.name}</IncidentLink>,
    },
    {
      id: 'tags',
      header: 'Tags',
      enableSorting: false,
      cell: ({ row }) => <span className="text-muted">{row.original.incidentTags.join(', ')}</span>,
    },
    {
      id: 'firstTimestamp',
      header: 'Starts',
      accessorFn: (incident) => incident.firstTimestamp ?? -1,
      sortFn: 'basic',
      cell: ({ row }) => time(row.original.firstTimestamp),
    },
    {
      id: 'lastTimestamp',
      header: 'Ends',
      accessorFn: (incident) => incident.lastTimestamp ?? -1,
      sortFn: 'basic',
      cell: ({ row }) => time(row.original.lastTimestamp),
    },
    {
      id: 'events',
      header: 'Events',
      accessorFn: (incident) => incident.counts.events,
      sortFn: 'basic',
      cell: ({ row }) => row.original.counts.events.toLocaleString('en'),
    },
    {
      id: 'streams',
      header: 'Streams',
      accessorFn: (incident) => incident.counts.streams,
      sortFn: 'basic',
      cell: ({ row }) => row.original.counts.streams,
    },
    {
      id: 'humanActorCount',
      header: 'People',
      accessorFn: (incident) => incident.counts.humanActorCount,
      sortFn: 'basic',
      cell: ({ row }) => row.original.counts.humanActorCount,
    },
    {
      id: 'createTimestamp',
      header: 'Created',
      accessorFn: (incident) => incident.createTimestamp,
      sortFn: 'basic',
      cell: ({ row }) => time(row.original.createTimestamp),
    },
  ];
  if (showOrganization) {
    columns.splice(1, 0, {
      id: 'organization',
      header: 'Organization',
      accessorFn: (incident) => incident.organizationName.toLowerCase(),
      sortFn: 'text',
      cell: ({ row }) => (
        <OrganizationLink organizationID={row.original.organizationID} look="plain">
          {row.original.organizationName}
        </OrganizationLink>
      ),
    });
  }
  return columns;
}

export function IncidentsTable({
  incidents,
  timeZone,
  showOrganization = false,
}: {
  incidents: readonly IncidentSummary[];
  timeZone: string;
  showOrganization?: boolean;
}) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createTimestamp', desc: true }]);
  const [term, setTerm] = useState('');
  const [tag, setTag] = useState('');
  const tags = useMemo(() => [...new Set(incidents.flatMap((incident) => incident.incidentTags))].sort(), [incidents]);
  const data = useMemo(() => filterIncidents(incidents, term, tag), [incidents, term, tag]);
  const columns = useMemo(() => columnsFor(timeZone, showOrganization), [timeZone, showOrganization]);
  const table = useTable({
    features,
    columns,
    data,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (incident) => String(incident.id),
  });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          label="Filter incidents"
          value={term}
          onValue={setTerm}
          placeholder="Words in the name or description"
          className="w-72"
        />
        <SelectField
          label="Tag"
          value={tag}
          options={[{ value: '', label: 'Any tag' }, ...tags.map((name) => ({ value: name, label: name }))]}
          onChange={(event) => setTag(event.target.value)}
          className="w-44"
        />
        <p role="status" className="pb-1.5 text-sm text-muted">
          {data.length.toLocaleString('en')} of {countNoun(incidents.length, 'incident')} · shift-click a heading to
          sort on several fields
        </p>
      </div>
      <div className="max-w-full overflow-x-auto">
        <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm" aria-label="Incidents">
          <thead className="bg-raised text-left">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} className="px-2 py-1.5" aria-sort={ariaSort(sorted)}>
                      {header.column.getCanSort() ? (
                        <SortButton
                          sorted={sorted}
                          place={sorting.length > 1 ? header.column.getSortIndex() + 1 : undefined}
                          onClick={header.column.getToggleSortingHandler()}
                          className="font-semibold"
                        >
                          <table.FlexRender header={header} />
                        </SortButton>
                      ) : (
                        <span className="font-semibold">
                          <table.FlexRender header={header} />
                        </span>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line" data-incident-id={row.original.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-1">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-2 py-3 text-muted">
                  No incidents match.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
