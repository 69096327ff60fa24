/*
 * The maps of the picture with their points, fetched per map (spec section 4: not loaded, loading,
 * loaded, error; a fetch is cancelled when the ids change or the view closes, and a cancelled one
 * raises no error). Failures are logged and kept for the picture to show (section 8).
 */
import { useEffect, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { fetchMap, fetchMapPoints } from '../../data/maps-api.ts';
import type { GlobeTrack } from './map-globe.tsx';

export type TracksState = { readonly phase: 'loading'; readonly loaded: number; readonly total: number } | { readonly phase: 'loaded'; readonly tracks: readonly GlobeTrack[] } | { readonly phase: 'error'; readonly message: string };

export function useMapTracks(incidentID: number, analystID: number, mapIDs: readonly number[]): TracksState {
  const key = mapIDs.join(',');
  // Kept with the ids it is for: an answer for other ids reads as loading.
  const [state, setKeyedState] = useState<{ key: string; value: TracksState } | undefined>(undefined);
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    const controller = new AbortController();
    const setState = (value: TracksState) => setKeyedState({ key, value });
    let loaded = 0;
    Promise.all(
      ids.map(async (mapID) => {
        const ref = { incidentID, analystID, mapID };
        const [map, points] = await Promise.all([fetchMap(ref, controller.signal), fetchMapPoints(ref, controller.signal)]);
        loaded += 1;
        if (!controller.signal.aborted) setState({ phase: 'loading', loaded, total: ids.length });
        return { id: map.id, name: map.name, colour: map.colour, icon: map.icon, points } satisfies GlobeTrack;
      }),
    ).then(
      (tracks) => {
        if (!controller.signal.aborted) setState({ phase: 'loaded', tracks });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('map could not be loaded', error);
        setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [incidentID, analystID, key]);
  return state?.key === key ? state.value : { phase: 'loading', loaded: 0, total: mapIDs.length };
}
