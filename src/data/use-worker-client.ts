/*
 * A worker client held for a component's lifetime: made when first asked for, disposed when the
 * component goes (and made again if React runs the effects twice), so no run leaves a worker behind.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useWorkerClient<Client extends { dispose(): void }>(create: () => Client): () => Client {
  const client = useRef<Client | undefined>(undefined);
  const createRef = useRef(create);
  useEffect(
    () => () => {
      client.current?.dispose();
      client.current = undefined;
    },
    [],
  );
  return useCallback(() => (client.current ??= createRef.current()), []);
}
