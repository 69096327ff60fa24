/*
 * Which analyst the signed-in user acts as: kept in localStorage and sent in the
 * X-Churchkey-Analyst header of every request from the moment it is chosen.
 */
import { useCallback, useState } from 'react';
import { setActingAnalystID } from '../../data/api-client.ts';
import { readSelectedAnalystID, writeSelectedAnalystID } from '../../data/selected-analyst-storage.ts';

export function useSelectedAnalyst(userID: number): [number | null, (analystID: number | null) => void] {
  const [selected, setSelected] = useState<number | null>(() => {
    const stored = readSelectedAnalystID(userID);
    // Set before the first request of this render pass is made.
    setActingAnalystID(stored);
    return stored;
  });

  const choose = useCallback(
    (analystID: number | null) => {
      setActingAnalystID(analystID);
      writeSelectedAnalystID(userID, analystID);
      setSelected(analystID);
    },
    [userID],
  );

  return [selected, choose];
}
