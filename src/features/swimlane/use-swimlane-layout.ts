/*
 * Lays out the shown events in the swimlane worker whenever they, the columns or the colours
 * change; the previous layout stays drawn until the next arrives. Also the minimap histogram.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type {
  ColumnsLayoutRequest,
  SwimlaneLayout,
  SwimlaneLayoutInput,
} from '../../../domain/swimlane/swimlane-layout.ts';
import { createSwimlaneLayoutClient, type SwimlaneLayoutClient } from '../../render/swimlane/swimlane-layout-client.ts';
import { afterFirstFrame } from '../../data/mirror/index.ts';

interface SwimlaneLayoutState {
  layout: SwimlaneLayout | undefined;
  /** When the layout in hand arrived (performance.now()), for the first-frame figure. */
  arrivedAt: number;
  busy: boolean;
}

/**
 * What to lay out, made when asked (its arrays are transferred): copies of the list's columns, from
 * which the worker makes the layout's input, or, for a list without columns, the input itself.
 * A new object lays out again.
 */
export type SwimlaneLayoutRequest =
  | {
      kind: 'columns';
      make: () => ColumnsLayoutRequest;
      /** The layout made as the app started, when it is this request's (undefined: lay out now). */
      atStart?: () => Promise<SwimlaneLayout | undefined> | undefined;
    }
  | { kind: 'input'; make: () => SwimlaneLayoutInput };

export function useSwimlaneLayout(
  request: SwimlaneLayoutRequest,
  minimap: { makeStarts: () => Float64Array; fromMicros: number; toMicros: number; bins: number },
): SwimlaneLayoutState & { minimapBins: Uint32Array | undefined } {
  const client = useRef<SwimlaneLayoutClient | undefined>(undefined);
  const [state, setState] = useState<{ layout: SwimlaneLayout | undefined; arrivedAt: number; builtFrom: unknown }>({
    layout: undefined,
    arrivedAt: 0,
    builtFrom: undefined,
  });
  const [minimapBins, setMinimapBins] = useState<Uint32Array | undefined>(undefined);

  // Layout effects, not passive ones: the events go to the worker before the page's other effects
  // (the series' binning, the canvas set-up) take the main thread, and the worker works meanwhile.
  useLayoutEffect(() => {
    const worker = createSwimlaneLayoutClient();
    client.current = worker;
    return () => {
      client.current = undefined;
      worker.dispose();
    };
  }, []);

  useLayoutEffect(() => {
    let current = true;
    const worker = client.current ?? createSwimlaneLayoutClient();
    client.current = worker;
    const started = performance.now();
    const layOut = () =>
      request.kind === 'columns' ? worker.layoutOfColumns(request.make()) : worker.build(request.make());
    const early = request.kind === 'columns' ? request.atStart?.() : undefined;
    (early ? early.then((layout) => layout ?? layOut()) : layOut())
      .then((layout) => {
        performance.measure('churchkey: swimlane layout', {
          start: started,
          detail: { events: layout.startMicros.length, workMillis: layout.workMillis, atStart: early !== undefined },
        });
        if (current) setState({ layout, arrivedAt: performance.now(), builtFrom: request });
      })
      .catch((error: unknown) => console.error('swimlane layout failed', error));
    return () => {
      current = false;
    };
  }, [request]);

  const { makeStarts, fromMicros, toMicros, bins } = minimap;
  // After the first frame (first-frame-hold.ts): its start times are a pass over every event.
  useEffect(() => {
    let current = true;
    const cancel = afterFirstFrame(() => {
      const worker = client.current ?? createSwimlaneLayoutClient();
      client.current = worker;
      worker
        .histogram(makeStarts(), fromMicros, toMicros, Math.max(1, Math.round(bins)))
        .then((counts) => {
          if (current) setMinimapBins(counts);
        })
        .catch((error: unknown) => console.error('swimlane minimap failed', error));
    });
    return () => {
      current = false;
      cancel();
    };
  }, [makeStarts, fromMicros, toMicros, bins]);

  return { layout: state.layout, arrivedAt: state.arrivedAt, busy: state.builtFrom !== request, minimapBins };
}
