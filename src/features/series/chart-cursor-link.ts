/*
 * How a uPlot series chart joins the page's time cursor: its hover sets the cursor, other pictures'
 * cursor is drawn on it, and its root says (data-state, data-cursor-micros) that it is drawn and where
 * its cursor stands, so tests wait for the attribute instead of a time.
 */
import { followCursor, type useTimeCursorStore } from '../../data/time-cursor.ts';

type TimeCursorStore = ReturnType<typeof useTimeCursorStore>;

interface ChartCursorLink {
  /** The chart's own hover: marks the root and moves the page's cursor. */
  onHover: (micros: number | undefined) => void;
  /** Once the chart is drawn: follows other pictures' cursor; the answer undoes it, for the effect's cleanup. */
  drawn: (showCursor: (micros: number | undefined) => void) => () => void;
}

export function chartCursorLink(root: HTMLElement, store: TimeCursorStore, picture: string): ChartCursorLink {
  const markCursor = (micros: number | undefined) => {
    if (micros === undefined) root.removeAttribute('data-cursor-micros');
    else root.setAttribute('data-cursor-micros', String(micros));
  };
  return {
    onHover(micros) {
      markCursor(micros);
      if (micros !== undefined) store.set(micros, picture);
      // Leaving clears the cursor only while it is still this chart's: another picture may own it by now.
      else if (store.get().source === picture) store.set(undefined, picture);
    },
    drawn(showCursor) {
      root.setAttribute('data-state', 'drawn');
      const unsubscribe = followCursor(store, picture, (micros) => {
        showCursor(micros);
        markCursor(micros);
      });
      return () => {
        unsubscribe();
        root.removeAttribute('data-state');
      };
    },
  };
}
