/* The tags view: every tag of the incident (events, streams, the incident), with its colour and use count. */
import { useIncidentPage } from '../incident-page-context.ts';

export function TagsView() {
  const { data } = useIncidentPage();
  const tags = [...data.tags].sort(
    (a, b) => a.itemType.localeCompare(b.itemType) || b.count - a.count || a.name.localeCompare(b.name),
  );
  return (
    <section aria-label="Tags" className="min-w-0">
      <table className="w-full border-collapse rounded-md border border-line bg-panel text-sm">
        <thead className="bg-raised text-left">
          <tr>
            <th className="px-2 py-1.5">Tag</th>
            <th className="px-2 py-1.5">On</th>
            <th className="px-2 py-1.5 text-right">Uses</th>
            <th className="px-2 py-1.5">Label</th>
          </tr>
        </thead>
        <tbody>
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
          {tags.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-2 py-3 text-muted">
                No tags yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
