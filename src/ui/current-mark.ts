/*
 * How a tab or a nav link says it is the current one: aria-current for screen readers and the look
 * for eyes, always together. The incident, organization and audit tabs and the picture links share it.
 */
import { classNames } from './class-names.ts';

const LOOKS = {
  /** A page's tabs: underlined when current. */
  tab: {
    base: '-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-medium',
    on: 'border-accent text-ink',
    off: 'border-transparent text-muted hover:text-ink',
  },
  /** The incident's denser row of tabs. */
  compact: {
    base: '-mb-px whitespace-nowrap border-b-2 px-2.5 py-1.5 text-sm font-medium',
    on: 'border-accent text-ink',
    off: 'border-transparent text-muted hover:text-ink',
  },
  /** A row of plain links: the current one bold and no longer a link's colour. */
  link: { base: 'whitespace-nowrap', on: 'font-semibold text-ink', off: 'text-accent hover:underline' },
};

/** How a row of tabs looks: the page's tabs, the incident's denser tabs, or plain links. */
export type MarkLook = keyof typeof LOOKS;

export function currentMark(current: boolean, look: MarkLook = 'tab') {
  const { base, on, off } = LOOKS[look];
  return { 'aria-current': current ? ('page' as const) : undefined, className: classNames(base, current ? on : off) };
}
