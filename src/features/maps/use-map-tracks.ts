/*
 * The maps of the picture with their points (spec section 4: not loaded, loading, loaded, error; a
 * fetch is cancelled when the maps change or the view closes, and a cancelled one raises no error).
 * Points come from the device's mirror; a map not mirrored yet is brought onto the device first
 * (paged, with progress), so it replays offline afterwards. Where the mirror cannot be written
 * (storage refused) the points are fetched directly. Failures are logged and kept for the picture
 * to show (section 8).
 */
import { isAbortError } from '../../data/api-client.ts';
import { fetchMapPoints } from '../../data/maps-api.ts';
import { readMapPoints, syncMapPoints } from '../../data/mirror/index.ts';
import { logFailure, useApiRead } from '../../data/use-api-read.ts';
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

type TracksState =
  | { readonly phase: 'loading'; readonly loadedPoints: number; readonly totalPoints: number }
  | { readonly phase: 'loaded'; readonly tracks: readonly GlobeTrack[] }
  | { readonly phase: 'error'; readonly message: string };

const keyOf = (maps: readonly TrackMap[]) =>
  JSON.stringify(
    maps.map((map) => [map.id, map.name, map.colour, map.icon, map.validPointCount, map.incidentID ?? null]),
  );

/** Each map's points from the mirror, bringing a map onto the device first when it is not there yet. */
async function readTracks(
  incidentID: number,
  analystID: number,
  wanted: readonly TrackMap[],
  signal: AbortSignal,
  progress: (loadedPoints: number) => void,
): Promise<GlobeTrack[]> {
  const loadedPerMap = new Map<number, number>();
  const report = () => progress([...loadedPerMap.values()].reduce((sum, count) => sum + count, 0));

  const pointsOf = async (mapID: number, validPointCount: number, mapIncidentID: number) => {
    const mirrored = await readMapPoints(mapID);
    if (mirrored) return mirrored;
    try {
      await syncMapPoints({ incidentID: mapIncidentID, mapID, validPointCount }, analystID, {
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
    return fetchMapPoints({ incidentID: mapIncidentID, analystID, mapID }, signal);
  };

  return Promise.all(
    wanted.map(async ({ id, name, colour, icon, validPointCount, incidentID: mapIncidentID }) => {
      const points = await pointsOf(id, validPointCount, mapIncidentID ?? incidentID);
      loadedPerMap.set(id, points.count);
      report();
      return { id, name, colour, icon, points } satisfies GlobeTrack;
    }),
  );
}

export function useMapTracks(incidentID: number, analystID: number, maps: readonly TrackMap[]): TracksState {
  const key = keyOf(maps);
  const totalPoints = maps.reduce((sum, map) => sum + map.validPointCount, 0);
  // The key names what the picture shows of each map: a change of any of it reads again.
  const { state } = useApiRead(`${incidentID} ${analystID} ${key}`, (signal, progress: (loaded: number) => void) =>
    readTracks(incidentID, analystID, maps, signal, progress).catch(logFailure('map could not be loaded', signal)),
  );
  if (state.status === 'loaded') return { phase: 'loaded', tracks: state.value };
  if (state.status === 'error')
    return { phase: 'error', message: state.error instanceof Error ? state.error.message : String(state.error) };
  return { phase: 'loading', loadedPoints: state.status === 'loading' ? (state.progress ?? 0) : 0, totalPoints };
}
