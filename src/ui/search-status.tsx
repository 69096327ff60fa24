/* Where a search stands while it runs or after it failed (home's and the incident's searches); its results are the caller's. */
export function SearchStatus({ search }: { search: { status: string; message?: string } }) {
  if (search.status === 'searching')
    return (
      <p role="status" className="text-muted">
        Searching…
      </p>
    );
  if (search.status === 'failed')
    return (
      <p role="alert" className="text-danger">
        The search failed: {search.message}
      </p>
    );
  return null;
}
