/*
 * The pointer and keyboard targets of the actor charts: a bar or a circle is an actor (selecting it
 * opens the actor), a dot of actor-scatter is the event nearest the pointer in that actor's row
 * (selecting it selects the event everywhere). Each target brings its hover card.
 */
import { countNoun } from '../../../domain/count-noun.ts';
import type { PlacedCircle } from '../../render/charts/circle-renderer.ts';
import { BAR_LABEL_WIDTH_PX } from '../../render/charts/bar-chart-renderer.ts';
import { scatterGeometry } from '../../render/charts/scatter-renderer.ts';
import type { ChartInteraction, ChartStep, ChartTarget } from './chart-target.ts';
import { nearestEvent, type ActorEventTimes } from './scatter-events.ts';

export interface ActorSummary {
  id: number;
  name: string;
  total: number;
  isBot: boolean;
  /** Events per stream, the streams with none left out. */
  streams: ReadonlyArray<{ name: string; count: number }>;
}

function actorCard(actor: ActorSummary) {
  return (
    <>
      <p className="font-medium">{actor.name}</p>
      <p className="text-muted">
        {actor.isBot ? 'Bot' : 'Human'} · {countNoun(actor.total, 'event')}
      </p>
      {actor.streams.length > 1 ? (
        <p className="text-muted">
          {actor.streams.map((stream) => `${stream.name} ${stream.count.toLocaleString('en')}`).join(' · ')}
        </p>
      ) : null}
    </>
  );
}

/** Moves through a list: up/left back, down/right on, Home and End to the ends. */
function nextIndex(from: number | undefined, step: ChartStep, count: number): number | undefined {
  if (count === 0) return undefined;
  if (step === 'first') return 0;
  if (step === 'last') return count - 1;
  if (from === undefined) return 0;
  const next = step === 'up' || step === 'left' ? from - 1 : from + 1;
  return Math.max(0, Math.min(count - 1, next));
}

export function barInteraction(
  actors: readonly ActorSummary[],
  onSelectActor: (actorID: number) => void,
): ChartInteraction {
  const rowPxOf = (canvas: HTMLCanvasElement) => Math.min(28, canvas.clientHeight / Math.max(1, actors.length));
  const target = (index: number, canvas: HTMLCanvasElement): ChartTarget | undefined => {
    const actor = actors[index];
    if (!actor) return undefined;
    const rowPx = rowPxOf(canvas);
    return {
      key: `actor-${actor.id}`,
      xPx: BAR_LABEL_WIDTH_PX,
      yPx: index * rowPx + rowPx / 2,
      radiusPx: 4,
      label: `${actor.name}: ${countNoun(actor.total, 'event')}`,
      card: actorCard(actor),
      action: 'open the actor',
      select: () => onSelectActor(actor.id),
    };
  };
  return {
    instructions: 'Up and Down go through the actors, Enter opens one.',
    targetAt: (_, yPx, canvas) => target(Math.floor(yPx / rowPxOf(canvas)), canvas),
    step: (from, step, canvas) => {
      const index = from ? actors.findIndex((actor) => `actor-${actor.id}` === from.key) : undefined;
      const next = nextIndex(index, step, actors.length);
      return next === undefined ? undefined : target(next, canvas);
    },
  };
}

/** Circles as drawn (canvas pixels), each with its actor; groups (humans, bots) have none. */
export interface ActorCircle extends PlacedCircle {
  actor: ActorSummary | undefined;
}

export function circleInteraction(
  circlesOf: (canvas: HTMLCanvasElement) => readonly ActorCircle[],
  onSelectActor: (actorID: number) => void,
): ChartInteraction {
  const target = (circle: ActorCircle | undefined): ChartTarget | undefined => {
    const actor = circle?.actor;
    if (!circle || !actor) return undefined;
    return {
      key: `actor-${actor.id}`,
      xPx: circle.x,
      yPx: circle.y,
      radiusPx: circle.r,
      label: `${actor.name}: ${countNoun(actor.total, 'event')}`,
      card: actorCard(actor),
      action: 'open the actor',
      select: () => onSelectActor(actor.id),
    };
  };
  // The keyboard goes from the largest circle to the smallest.
  const ordered = (canvas: HTMLCanvasElement) =>
    circlesOf(canvas)
      .filter((circle) => circle.actor)
      .sort((a, b) => b.r - a.r);
  return {
    instructions: 'Arrow keys go through the actors from the most events to the fewest, Enter opens one.',
    targetAt: (xPx, yPx, canvas) => {
      let best: ActorCircle | undefined;
      for (const circle of circlesOf(canvas)) {
        if (!circle.actor || Math.hypot(circle.x - xPx, circle.y - yPx) > circle.r) continue;
        if (!best || circle.r < best.r) best = circle;
      }
      return target(best);
    },
    step: (from, step, canvas) => {
      const circles = ordered(canvas);
      const index = from ? circles.findIndex((circle) => `actor-${circle.actor?.id}` === from.key) : undefined;
      const next = nextIndex(index === -1 ? undefined : index, step, circles.length);
      return next === undefined ? undefined : target(circles[next]);
    },
  };
}

interface ScatterEvents {
  rows: readonly ActorSummary[];
  times: ActorEventTimes;
  fromMicros: number;
  toMicros: number;
  /** The time and message of the event at a page position, for its card. */
  describe: (position: number) => { time: string; message: string };
  onSelectEvent: (eventID: number) => void;
}

/** How far from a dot (pixels) the pointer still picks it. */
const DOT_REACH_PX = 8;

export function scatterInteraction({
  rows,
  times,
  fromMicros,
  toMicros,
  describe,
  onSelectEvent,
}: ScatterEvents): ChartInteraction {
  const span = Math.max(1, toMicros - fromMicros);
  const target = (row: number, k: number, canvas: HTMLCanvasElement): ChartTarget | undefined => {
    const actor = rows[row];
    const starts = times.starts[row];
    const id = times.ids[row]?.[k];
    const position = times.positions[row]?.[k];
    if (!actor || !starts || id === undefined || position === undefined) return undefined;
    const geometry = scatterGeometry(canvas.clientWidth, canvas.clientHeight, rows.length);
    const micros = starts[k] as number;
    const { time, message } = describe(position);
    return {
      key: `event-${id}`,
      xPx: geometry.plotLeftPx + ((micros - fromMicros) / span) * geometry.plotWidthPx,
      yPx: row * geometry.rowPx + geometry.rowPx / 2,
      radiusPx: 5,
      label: `${actor.name}, ${time}: ${message}`,
      card: (
        <>
          <p className="font-medium">
            {actor.name} <span className="font-normal text-muted">· {countNoun(actor.total, 'event')}</span>
          </p>
          <p className="font-mono text-[11px] text-muted">{time}</p>
          <p className="line-clamp-3 break-words">{message}</p>
        </>
      ),
      select: () => onSelectEvent(id),
    };
  };
  const rowOf = (key: string) =>
    rows.findIndex((_, row) => Array.from(times.ids[row] ?? []).includes(Number(key.slice('event-'.length))));
  return {
    instructions: 'Up and Down go through the actors, Left and Right through their events, Enter selects one.',
    targetAt: (xPx, yPx, canvas) => {
      const geometry = scatterGeometry(canvas.clientWidth, canvas.clientHeight, rows.length);
      const row = Math.floor(yPx / geometry.rowPx);
      const starts = times.starts[row];
      if (!starts || xPx < geometry.plotLeftPx - DOT_REACH_PX) return undefined;
      const micros = fromMicros + ((xPx - geometry.plotLeftPx) / geometry.plotWidthPx) * span;
      const k = nearestEvent(starts, micros, (DOT_REACH_PX / geometry.plotWidthPx) * span);
      return k === undefined ? undefined : target(row, k, canvas);
    },
    step: (from, step, canvas) => {
      let row = from ? rowOf(from.key) : -1;
      const ids = times.ids[row];
      let k = from && ids ? ids.indexOf(Number(from.key.slice('event-'.length))) : -1;
      if (row < 0 || k < 0) {
        row = rows.findIndex((_, index) => (times.ids[index]?.length ?? 0) > 0);
        return row < 0 ? undefined : target(row, 0, canvas);
      }
      if (step === 'left' || step === 'right' || step === 'first' || step === 'last') {
        k = nextIndex(k, step, times.ids[row]?.length ?? 0) ?? k;
        return target(row, k, canvas);
      }
      // Up and down: the next actor with events, at the event nearest in time.
      const micros = times.starts[row]?.[k] ?? fromMicros;
      for (let next = row + (step === 'up' ? -1 : 1); next >= 0 && next < rows.length; next += step === 'up' ? -1 : 1) {
        const starts = times.starts[next];
        if (!starts || starts.length === 0) continue;
        return target(next, nearestEvent(starts, micros, Number.POSITIVE_INFINITY) ?? 0, canvas);
      }
      return from;
    },
  };
}
