/*
 * A native scrollbar over the swimlane's columns when they are wider than the screen: the mouse
 * and the keyboard (arrows once focused) scroll them; fingers drag the canvas itself.
 */
import { useEffect, useRef } from 'react';

interface SwimlaneColumnScrollbarProps {
  leftPx: number;
  contentWidthPx: number;
  scrollPx: number;
  onScroll: (scrollPx: number) => void;
}

export function SwimlaneColumnScrollbar({ leftPx, contentWidthPx, scrollPx, onScroll }: SwimlaneColumnScrollbarProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && Math.abs(element.scrollLeft - scrollPx) >= 1) element.scrollLeft = scrollPx;
  }, [scrollPx]);
  return (
    <div
      ref={ref}
      tabIndex={0}
      role="group"
      aria-label="Scroll the columns sideways"
      data-swimlane-column-scroll=""
      className="overflow-x-auto overflow-y-hidden rounded-sm"
      style={{ marginLeft: leftPx }}
      onScroll={(event) => onScroll(event.currentTarget.scrollLeft)}
    >
      <div style={{ width: contentWidthPx - leftPx, height: 1 }} />
    </div>
  );
}
