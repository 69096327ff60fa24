/*
 * One geo preview run at a time in the worker: a new run (another file, column or setting) cancels
 * the one before; progress arrives through a Comlink proxy. The worker lives as long as the view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapSettings } from '../../../domain/geo/geo-settings.ts';
import type { GeoProgress } from '../../../domain/geo/parse-geo.ts';
import type { GeoPreviewResult } from '../../data/maps-preview-api.ts';
import { createGeoPreviewClient, type GeoPreviewClient } from '../../data/maps-preview-client.ts';

export type GeoPreviewState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly progress: GeoProgress | undefined }
  | { readonly phase: 'error'; readonly message: string }
  | { readonly phase: 'ready'; readonly result: Exclude<GeoPreviewResult, { status: 'cancelled' }> };

export function useGeoPreview() {
  const clientRef = useRef<GeoPreviewClient | undefined>(undefined);
  const cancelRef = useRef<(() => void) | undefined>(undefined);
  const [state, setState] = useState<GeoPreviewState>({ phase: 'idle' });

  useEffect(
    () => () => {
      cancelRef.current?.();
      clientRef.current?.dispose();
      clientRef.current = undefined;
    },
    [],
  );

  const run = useCallback((file: File, settings: MapSettings | undefined, mapIndex: number) => {
    cancelRef.current?.();
    clientRef.current ??= createGeoPreviewClient();
    let current = true;
    const { result, cancel } = clientRef.current.preview(file, settings, mapIndex, (progress) => {
      if (current) setState({ phase: 'running', progress });
    });
    cancelRef.current = () => {
      current = false;
      cancel();
    };
    setState({ phase: 'running', progress: undefined });
    result.then(
      (answer) => {
        if (!current || answer.status === 'cancelled') return;
        current = false;
        cancelRef.current = undefined;
        setState({ phase: 'ready', result: answer });
      },
      (error: unknown) => {
        if (!current) return;
        current = false;
        setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const cancel = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = undefined;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, cancel };
}
