/*
 * One geo preview run at a time in the worker: a new run (another file, column or setting) cancels
 * the one before; progress arrives through a Comlink proxy. The worker lives as long as the view
 * (src/data/use-worker-preview.ts). Cancelling returns the preview to idle.
 */
import { useCallback } from 'react';
import type { MapSettings } from '../../../domain/geo/geo-settings.ts';
import type { GeoProgress } from '../../../domain/geo/parse-geo.ts';
import type { GeoPreviewResult } from '../../data/maps-preview-api.ts';
import { createGeoPreviewClient, type GeoPreviewClient } from '../../data/maps-preview-client.ts';
import { useWorkerPreview, type WorkerPreviewState } from '../../data/use-worker-preview.ts';

type GeoPreviewState = Exclude<
  WorkerPreviewState<GeoProgress, Exclude<GeoPreviewResult, { status: 'cancelled' }>>,
  { phase: 'cancelled' }
>;

export function useGeoPreview() {
  const preview = useWorkerPreview<GeoPreviewClient, GeoProgress, GeoPreviewResult>(createGeoPreviewClient);
  const { run: start } = preview;
  const run = useCallback(
    (file: File, settings: MapSettings | undefined, mapIndex: number) =>
      start((client, onProgress) => client.preview(file, settings, mapIndex, onProgress)),
    [start],
  );
  // A run the worker reports as cancelled was replaced or stopped here: nothing to show.
  const state: GeoPreviewState = preview.state.phase === 'cancelled' ? { phase: 'idle' } : preview.state;
  return { state, run, cancel: preview.reset };
}
