/*
 * A chart's frame: its canvas at the analyst's visualization height, redrawn when its drawing
 * changes or the canvas is resized, and the same numbers as a table beside it (what screen readers
 * read, and what tests check). With an interaction, the pointer and the keyboard target its items
 * (a card, a click or Enter selects); with a time axis, it sets and draws the shared time cursor.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTimeCursorStore } from '../../data/time-cursor.ts';
import { useTimeCursorAttribute } from '../../data/use-time-cursor-attribute.ts';
import { ChartHoverCard } from './chart-hover-card.tsx';
import { STEP_OF_KEY, type ChartInteraction, type ChartTarget, type ChartTimeAxis } from './chart-target.ts';
import { ChartTable, type ChartTableContent } from './chart-table.tsx';
import { useChartTouch } from './use-chart-touch.ts';
import { PictureRoot } from '../../ui/picture-root.tsx';

interface ChartFrameProps {
  name: string;
  title: string;
  heightPx: number;
  draw: (canvas: HTMLCanvasElement) => void;
  /** A plain click handler, for charts without targets (the organization's charts). */
  onPoint?: (xPx: number, yPx: number, canvas: HTMLCanvasElement) => void;
  interaction?: ChartInteraction;
  timeAxis?: ChartTimeAxis;
  selectedEventID?: number | undefined;
  status?: ReactNode;
  controls?: ReactNode;
  table: ChartTableContent;
}

export function ChartFrame({
  name,
  title,
  heightPx,
  draw,
  onPoint,
  interaction,
  timeAxis,
  selectedEventID,
  status,
  controls,
  table,
}: ChartFrameProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  // The targeted item and the canvas width it was targeted at (the card opens away from the edge).
  const [active, setActive] = useState<{ target: ChartTarget; widthPx: number } | undefined>(undefined);
  const target = active?.target;
  // The last pointer used decides the card's words; before any, a device with only a coarse pointer is touch.
  const [touchPointer, setTouchPointer] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches,
  );
  const notePointer = (pointerType: string) => setTouchPointer(pointerType === 'touch' || pointerType === 'pen');
  const cursorStore = useTimeCursorStore();
  useTimeCursorAttribute(rootRef);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    draw(canvas);
    const observer = new ResizeObserver(() => draw(canvas));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [draw]);

  // The shared cursor as a line over the canvas, moved outside React render.
  useEffect(() => {
    const canvas = canvasRef.current;
    const line = cursorRef.current;
    if (!timeAxis || !canvas || !line) return;
    const show = () => {
      const micros = cursorStore.get().micros;
      const x = micros === undefined ? undefined : timeAxis.xOf(micros, canvas);
      line.style.display = x === undefined ? 'none' : 'block';
      if (x !== undefined) line.style.transform = `translateX(${x}px)`;
    };
    show();
    const unsubscribe = cursorStore.subscribe(show);
    return () => {
      unsubscribe();
      cursorStore.set(undefined, name);
    };
  }, [timeAxis, cursorStore, name]);

  const retarget = (next: ChartTarget | undefined) => {
    const widthPx = canvasRef.current?.clientWidth ?? 0;
    setActive((now) =>
      now?.target.key === next?.key && now?.target.xPx === next?.xPx ? now : next && { target: next, widthPx },
    );
  };
  const point = (event: { clientX: number; clientY: number; currentTarget: HTMLElement }) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const pick = (x: number, y: number) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    onPoint?.(x, y, canvas);
    interaction?.targetAt(x, y, canvas)?.select();
  };
  const touch = useChartTouch({
    canvasRef,
    timeAxis,
    // A tap closes the card a long-press left open, then acts as a click.
    onTap(x, y) {
      retarget(undefined);
      pick(x, y);
    },
    onHold(x, y) {
      const canvas = canvasRef.current;
      if (!canvas) return;
      if (interaction) retarget(interaction.targetAt(x, y, canvas));
      if (timeAxis) cursorStore.set(timeAxis.microsAt(x, canvas), name);
    },
  });

  return (
    <PictureRoot
      ref={rootRef}
      name={name}
      label={`Picture ${name}`}
      selectedEventID={selectedEventID}
      data-range-from-micros={timeAxis?.touch?.range.fromMicros}
      data-range-to-micros={timeAxis?.touch?.range.toMicros}
      className="flex min-w-0 flex-col gap-2"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {controls}
      </div>
      <div
        className="relative rounded-md focus-visible:outline-2 focus-visible:outline-focus"
        role={interaction ? 'application' : undefined}
        aria-roledescription={interaction ? 'chart' : undefined}
        aria-label={interaction ? `${title}. ${interaction.instructions}` : undefined}
        tabIndex={interaction ? 0 : undefined}
        data-chart-focus={interaction ? name : undefined}
        // Up and down stay the page's scroll; sideways drags and pinches are the chart's.
        style={{ touchAction: 'pan-y' }}
        onPointerDown={(event) => {
          notePointer(event.pointerType);
          void touch.onPointerDown(event);
        }}
        onPointerUp={(event) => void touch.onPointerUp(event)}
        onPointerCancel={(event) => void touch.onPointerCancel(event)}
        onPointerMove={(event) => {
          if (event.pointerType === 'mouse') notePointer('mouse');
          if (touch.onPointerMove(event)) return;
          const canvas = canvasRef.current;
          if (!canvas) return;
          const { x, y } = point(event);
          if (interaction) retarget(interaction.targetAt(x, y, canvas));
          if (timeAxis) {
            const micros = timeAxis.microsAt(x, canvas);
            cursorStore.set(micros, name);
          }
        }}
        // A finger leaves as it lifts: the card a long-press opened stays until the next tap.
        onPointerLeave={(event) => {
          if (event.pointerType !== 'mouse') return;
          retarget(undefined);
          if (timeAxis) cursorStore.set(undefined, name);
        }}
        onClick={(event) => {
          // A touch's click was read as a tap already.
          const native = event.nativeEvent;
          if (native instanceof PointerEvent && (native.pointerType === 'touch' || native.pointerType === 'pen'))
            return;
          const { x, y } = point(event);
          pick(x, y);
        }}
        onKeyDown={(event) => {
          const canvas = canvasRef.current;
          if (!canvas || !interaction) return;
          notePointer('keyboard');
          if ((event.key === 'Enter' || event.key === ' ') && target) {
            event.preventDefault();
            target.select();
            return;
          }
          if (event.key === 'Escape') {
            retarget(undefined);
            return;
          }
          const step = STEP_OF_KEY[event.key];
          if (!step) return;
          event.preventDefault();
          retarget(interaction.step(target, step, canvas) ?? target);
        }}
        onBlur={() => retarget(undefined)}
      >
        <div className="overflow-hidden rounded-md">
          <canvas
            ref={canvasRef}
            aria-hidden="true"
            data-chart-canvas={name}
            className={`block w-full origin-top-left rounded-md border border-line bg-panel ${interaction || onPoint ? 'cursor-pointer' : ''}`}
            style={{ height: heightPx }}
          />
        </div>
        {timeAxis ? (
          <div
            ref={cursorRef}
            aria-hidden="true"
            data-chart-cursor=""
            className="pointer-events-none absolute inset-y-0 left-0 hidden w-px bg-focus"
          />
        ) : null}
        {target ? (
          <ChartHoverCard target={target} name={name} widthPx={active?.widthPx ?? 0} touch={touchPointer} />
        ) : null}
        <p className="sr-only" aria-live="polite">
          {target?.label ?? ''}
        </p>
        {status ? (
          <p role="status" className="absolute inset-x-0 top-1/2 text-center text-muted">
            {status}
          </p>
        ) : null}
      </div>
      <ChartTable table={table} />
    </PictureRoot>
  );
}
