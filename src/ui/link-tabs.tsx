/*
 * A row of links to the views of one page (audit logs, an organization's tabs and pictures, an
 * incident's pictures and views), the current one marked by currentMark. Groups of tabs are split
 * by a thin bar, as the incident's pictures are from its views.
 */
import { Fragment } from 'react';
import { Link, type LinkComponentProps } from '@tanstack/react-router';
import { currentMark, type MarkLook } from './current-mark.ts';

interface LinkTab {
  label: string;
  current: boolean;
  /** Where the tab goes: built with the router's linkOptions, so its route and params are checked. */
  link: LinkComponentProps;
}

const ROW: Record<MarkLook, string> = {
  tab: 'flex gap-1 border-b border-line',
  compact: 'flex flex-wrap gap-x-1 border-b border-line',
  link: 'mb-2 flex flex-wrap gap-x-3 gap-y-1 text-sm',
};

export function LinkTabs({
  label,
  groups,
  look = 'tab',
}: {
  /** Names the navigation for screen readers. */
  label: string;
  groups: readonly (readonly LinkTab[])[];
  look?: MarkLook;
}) {
  return (
    <nav aria-label={label} className={ROW[look]}>
      {groups.map((tabs, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <span aria-hidden="true" className="mx-1 self-center text-line">
              |
            </span>
          ) : null}
          {tabs.map((tab) => (
            <Link key={tab.label} {...tab.link} {...currentMark(tab.current, look)}>
              {tab.label}
            </Link>
          ))}
        </Fragment>
      ))}
    </nav>
  );
}
