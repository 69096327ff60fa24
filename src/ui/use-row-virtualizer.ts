/*
 * The event lists' virtual rows (the events table, the event timeline): only the rows in view are
 * rendered, over a scroll element the caller attaches `scrollRef` to, whatever the incident's size.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

export function useRowVirtualizer({
  count,
  rowHeightPx,
  overscan,
  getItemKey,
}: {
  count: number;
  /** The first guess of a row's height; rows measured by the list replace it. */
  rowHeightPx: number;
  overscan: number;
  getItemKey?: (index: number) => number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // NOTE: the virtualizer's functions change as it scrolls, so nothing made from them may be memoized on its identity.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeightPx,
    overscan,
    ...(getItemKey ? { getItemKey } : {}),
  });
  return { scrollRef, virtualizer };
}
