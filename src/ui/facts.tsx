/*
 * A short list of labelled facts (kind, since, counts…) as a two-column description list: the label
 * muted on the left, the value wrapping on the right. Detail panels of incidents and organizations share it.
 */
import type { ReactNode } from 'react';

export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
