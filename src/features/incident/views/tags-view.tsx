/* The tags view: every tag of the incident (events, streams, the incident), with its colour and use count. */
import { useIncidentPage } from '../incident-page-context.ts';
import { DataTable } from '../../../ui/data-table.tsx';

export function TagsView() {
  const { data } = useIncidentPage();
  const tags = [...data.tags].sort(
    (a, b) => a.itemType.localeCompare(b.itemType) || b.count - a.count || a.name.localeCompare(b.name),
  );
  return (
    <section aria-label="Tags" className="min-w-0">
      <DataTable
        rows={tags}
        rowKey={(tag) => `${tag.itemType} ${tag.name}`}
        empty="No tags yet."
        columns={[
          {
            title: 'Tag',
            cell: (tag) => (
              <span className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 rounded-full"
                  style={{ backgroundColor: tag.color || 'var(--ck-muted)' }}
                />
                {tag.name}
              </span>
            ),
          },
          { title: 'On', className: 'text-muted', cell: (tag) => tag.itemType },
          { title: 'Uses', numeric: true, cell: (tag) => tag.count },
          { title: 'Label', className: 'text-muted', cell: (tag) => (tag.isLabel ? 'label' : '') },
        ]}
      />
    </section>
  );
}
