/*
 * One preview run at a time in the worker: starting a new run cancels the one before, and progress
 * arrives through a Comlink proxy. The worker lives as long as the screen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportFormat, ImportProgress } from '../../../domain/import/import-record.ts';
import type { ImportSettings } from '../../../domain/import/import-settings.ts';
import type { ImportPreviewResult } from '../../data/import-preview-api.ts';
import { createImportPreviewClient, type ImportPreviewClient } from '../../data/import-preview-client.ts';

export type PreviewState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly progress: ImportProgress | undefined }
  | { readonly phase: 'cancelled' }
  | { readonly phase: 'error'; readonly message: string }
  | { readonly phase: 'ready'; readonly result: Exclude<ImportPreviewResult, { status: 'cancelled' }> };

export function useImportPreview() {
  const clientRef = useRef<ImportPreviewClient | undefined>(undefined);
  const cancelRef = useRef<(() => void) | undefined>(undefined);
  const [state, setState] = useState<PreviewState>({ phase: 'idle' });
  // The last finished preview stays while a new run (another mapping or zone) is under way.
  const [latest, setLatest] = useState<Extract<PreviewState, { phase: 'ready' }>['result'] | undefined>(undefined);

  useEffect(() => {
    return () => {
      cancelRef.current?.();
      clientRef.current?.dispose();
      clientRef.current = undefined;
    };
  }, []);

  const run = useCallback((file: File, settings: ImportSettings | undefined, timeZone: string, format?: ImportFormat, firstEventMicros?: number) => {
    cancelRef.current?.();
    clientRef.current ??= createImportPreviewClient();
    let current = true;
    const { result, cancel } = clientRef.current.preview(
      file,
      settings,
      timeZone,
      (progress) => {
        if (current) setState({ phase: 'running', progress });
      },
      format,
      firstEventMicros,
    );
    cancelRef.current = () => {
      current = false;
      cancel();
    };
    setState({ phase: 'running', progress: undefined });
    result.then(
      (answer) => {
        if (!current) return;
        // NOTE: progress comes through the proxy's own MessagePort, so a last report can arrive after
        // the result; `current = false` drops it instead of turning the finished preview back to running.
        current = false;
        cancelRef.current = undefined;
        if (answer.status === 'cancelled') {
          setState({ phase: 'cancelled' });
          return;
        }
        setLatest(answer);
        setState({ phase: 'ready', result: answer });
      },
      (error: unknown) => {
        if (!current) return;
        current = false;
        cancelRef.current = undefined;
        setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const cancel = useCallback(() => {
    if (!cancelRef.current) return;
    cancelRef.current();
    cancelRef.current = undefined;
    setState({ phase: 'cancelled' });
  }, []);

  const reset = useCallback(() => {
    cancelRef.current?.();
    cancelRef.current = undefined;
    setState({ phase: 'idle' });
    setLatest(undefined);
  }, []);

  return { state, latest, run, cancel, reset };
}
