/*
 * The card beside the item a chart's pointer or keyboard is on, like the swimlane's hover card; its
 * last line says how to select the item in the words of the pointer in use (tap, or click and Enter).
 */
import type { ChartTarget } from './chart-target.ts';

/** Cards are at most this wide; near the right edge they open to the left of the item. */
const CARD_WIDTH_PX = 320;

export function ChartHoverCard({
  target,
  name,
  widthPx,
  touch,
}: {
  target: ChartTarget;
  name: string;
  widthPx: number;
  /** The card was opened by a finger (or the device has only a coarse pointer): it says "Tap". */
  touch: boolean;
}) {
  const leftPx =
    target.xPx + 14 + CARD_WIDTH_PX > widthPx ? Math.max(0, target.xPx - 14 - CARD_WIDTH_PX) : target.xPx + 14;
  return (
    <>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute rounded-full border-2 border-focus"
        style={{
          left: target.xPx - target.radiusPx - 2,
          top: target.yPx - target.radiusPx - 2,
          width: 2 * target.radiusPx + 4,
          height: 2 * target.radiusPx + 4,
        }}
      />
      <div
        role="tooltip"
        data-chart-hover={name}
        className="pointer-events-none absolute z-10 w-max max-w-[320px] rounded-md border border-line bg-panel px-2 py-1 text-xs text-ink shadow-md"
        style={{ left: leftPx, top: target.yPx + 14 }}
      >
        {target.card}
        {target.action ? (
          <p className="text-muted">{touch ? `Tap to ${target.action}` : `Click or press Enter to ${target.action}`}</p>
        ) : null}
      </div>
    </>
  );
}
