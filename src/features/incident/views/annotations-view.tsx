/*
 * The annotations view: every annotation of the incident, of every type, filterable by type and words;
 * and the notes and links on the incident itself (not on one event), written here.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { ANNOTATION_TYPES } from '../../../../domain/annotations.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { annotationRows, filterAnnotationRows, type AnnotationType } from '../annotation-rows.ts';
import { EventLinksEditor } from '../details/event-links-editor.tsx';
import { EventNotesEditor } from '../details/event-notes-editor.tsx';
import { useIncidentPage } from '../incident-page-context.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { SearchField } from '../../../ui/search-field.tsx';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  ...ANNOTATION_TYPES.map((type) => ({ value: type, label: type.replaceAll('_', ' ') })),
];

/** A box of annotations on the incident itself (no event), headed by what it holds. */
function IncidentBox({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-md border border-line bg-panel p-3">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AnnotationsView() {
  const { data, events, incidentID, streamsByID } = useIncidentPage();
  const [type, setType] = useState<AnnotationType | 'all'>('all');
  const [term, setTerm] = useState('');
  const rows = useMemo(() => annotationRows(data, events), [data, events]);
  const shown = useMemo(() => filterAnnotationRows(rows, type, term), [rows, type, term]);
  return (
    <section aria-label="Annotations" className="flex min-w-0 flex-col gap-3">
      <div className="grid gap-3 md:grid-cols-2">
        <IncidentBox id="incident-notes-heading" title="Notes on the incident">
          <EventNotesEditor eventID={undefined} />
        </IncidentBox>
        <IncidentBox id="incident-links-heading" title="Links on the incident">
          <EventLinksEditor eventID={undefined} />
        </IncidentBox>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Annotation type"
          value={type}
          options={TYPE_OPTIONS}
          onChange={(event) => setType(event.target.value as AnnotationType | 'all')}
          className="w-56"
        />
        <SearchField label="Containing" value={term} onValue={setTerm} className="w-64" />
        <p role="status" className="pb-1.5 text-sm text-muted">
          {shown.length} of {rows.length} annotations
        </p>
      </div>
      <DataTable
        rows={shown}
        rowKey={(row) => row.key}
        rowProps={(row) => ({ 'data-annotation-type': row.type })}
        empty="No annotations match."
        columns={[
          { title: 'Type', className: 'font-mono text-xs whitespace-nowrap text-muted', cell: (row) => row.type },
          { title: 'Annotation', className: 'max-w-md break-words whitespace-pre-wrap', cell: (row) => row.text },
          {
            title: 'Detail',
            className: 'max-w-xs truncate text-muted',
            hint: (row) => row.detail,
            cell: (row) => row.detail,
          },
          {
            title: 'On',
            className: 'whitespace-nowrap',
            cell: (row) =>
              row.eventID !== null ? (
                <Link
                  to="/incident/$incidentID/{-$viewName}/event/$eventID"
                  params={{ incidentID, viewName: 'annotations', eventID: row.eventID }}
                  className="text-accent hover:underline"
                >
                  event {row.eventID}
                </Link>
              ) : row.streamID !== null ? (
                <span>stream {streamsByID.get(row.streamID)?.name ?? row.streamID}</span>
              ) : (
                <span className="text-muted">incident</span>
              ),
          },
        ]}
      />
    </section>
  );
}
