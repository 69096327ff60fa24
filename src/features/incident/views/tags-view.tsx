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
        columns={[{ title: 'Tag' }, { title: 'On' }, { title: 'Uses', numeric: true }, { title: 'Label' }]}
        empty={tags.length === 0 ? 'No tags yet.' : undefined}
      >
        {tags.map((tag) => (
          <tr key={`${tag.itemType} ${tag.name}`} className="border-t border-line">
            <td className="px-2 py-1">
              <span className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 rounded-full"
                  style={{ backgroundColor: tag.color || 'var(--ck-muted)' }}
                />
                {tag.name}
              </span>
            </td>
            <td className="px-2 py-1 text-muted">{tag.itemType}</td>
            <td className="px-2 py-1 text-right tabular-nums">{tag.count}</td>
            <td className="px-2 py-1 text-muted">{tag.isLabel ? 'label' : ''}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
