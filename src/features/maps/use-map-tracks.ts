/*
 * The maps of the picture with their points (spec section 4: not loaded, loading, loaded, error; a
 * fetch is cancelled when the maps change or the view closes, and a cancelled one raises no error).
 * Points come from the device's mirror; a map not mirrored yet is brought onto the device first
 * (paged, with progress), so it replays offline afterwards. Where the mirror cannot be written
 * (storage refused) the points are fetched directly. Failures are logged and kept for the picture
 * to show (section 8).
 */
import { useEffect, useState } from 'react';
import { isAbortError } from '../../data/api-client.ts';
import { fetchMapPoints } from '../../data/maps-api.ts';
import { readMapPoints, syncMapPoints } from '../../data/mirror/index.ts';
import type { GlobeTrack } from '../../render/map/globe-track.ts';

export interface TrackMap {
  id: number;
  name: string;
  colour: string;
  icon: GlobeTrack['icon'];
  validPointCount: number;
  /** The map's incident when it is not the picture's (an organization's map shows every incident's). */
  incidentID?: number | undefined;
}

export type TracksState =
  | { readonly phase: 'loading'; readonly loadedPoints: number; readonly totalPoints: number }
  | { readonly phase: 'loaded'; readonly tracks: readonly GlobeTrack[] }
  | { readonly phase: 'error'; readonly message: string };

const keyOf = (maps: readonly TrackMap[]) =>
  JSON.stringify(
    maps.map((map) => [map.id, map.name, map.colour, map.icon, map.validPointCount, map.incidentID ?? null]),
  );

export function useMapTracks(incidentID: number, analystID: number, maps: readonly TrackMap[]): TracksState {
  const key = keyOf(maps);
  const totalPoints = maps.reduce((sum, map) => sum + map.validPointCount, 0);
  // Kept with the maps it is for: an answer for other maps reads as loading.
  const [state, setKeyedState] = useState<{ key: string; value: TracksState } | undefined>(undefined);
  useEffect(() => {
    const wanted = JSON.parse(key) as [number, string, string, GlobeTrack['icon'], number, number | null][];
    const controller = new AbortController();
    const { signal } = controller;
    const setState = (value: TracksState) => {
      if (!signal.aborted) setKeyedState({ key, value });
    };
    const total = wanted.reduce((sum, [, , , , count]) => sum + count, 0);
    const loadedPerMap = new Map<number, number>();
    const report = () =>
      setState({
        phase: 'loading',
        loadedPoints: [...loadedPerMap.values()].reduce((sum, count) => sum + count, 0),
        totalPoints: total,
      });

    const pointsOf = async (mapID: number, validPointCount: number, mapIncidentID: number) => {
      const incidentID = mapIncidentID;
      const mirrored = await readMapPoints(mapID);
      if (mirrored) return mirrored;
      try {
        await syncMapPoints({ incidentID, mapID, validPointCount }, analystID, {
          signal,
          onProgress: ({ loaded }) => {
            loadedPerMap.set(mapID, loaded);
            report();
          },
        });
        const synced = await readMapPoints(mapID);
        if (synced) return synced;
      } catch (error) {
        if (isAbortError(error) || signal.aborted) throw error;
        if (error instanceof Error && error.name === 'NetworkError')
          throw new Error('its points are not on this device yet; open the map once with a network', { cause: error });
        console.error(`map ${mapID} could not be kept on this device; fetching its points directly`, error);
      }
      return fetchMapPoints({ incidentID, analystID, mapID }, signal);
    };

    Promise.all(
      wanted.map(async ([id, name, colour, icon, validPointCount, mapIncidentID]) => {
        const points = await pointsOf(id, validPointCount, mapIncidentID ?? incidentID);
        loadedPerMap.set(id, points.count);
        report();
        return { id, name, colour, icon, points } satisfies GlobeTrack;
      }),
    ).then(
      (tracks) => setState({ phase: 'loaded', tracks }),
      (error: unknown) => {
        if (isAbortError(error) || signal.aborted) return;
        console.error('map could not be loaded', error);
        setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [incidentID, analystID, key]);
  return state?.key === key ? state.value : { phase: 'loading', loadedPoints: 0, totalPoints };
}
