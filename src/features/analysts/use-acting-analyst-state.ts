/*
 * The acting analyst's state for the shell: the stored choice, the analysts list, and their
 * consistency. A stored choice the user may no longer act as (revoked, deleted) is dropped, which
 * shows the picker again; a 401 while loading means the session ended, so the user is checked again.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import type { User } from '../../../domain/user.ts';
import type { ActingAnalyst } from './acting-analyst-context.ts';
import { useAnalysts } from './use-analysts.ts';
import { useSelectedAnalyst } from './use-selected-analyst.ts';

export function useActingAnalystState(
  user: User,
  offline: boolean,
  recheckUser: () => void,
): ActingAnalyst & { staleChoice: boolean } {
  const [selectedID, choose] = useSelectedAnalyst(user.id);
  const { state: analysts, reload, remember } = useAnalysts();

  const loadedAnalysts = analysts.status === 'loaded' ? analysts.analysts : undefined;
  const selected = loadedAnalysts?.find((analyst) => analyst.id === selectedID && analyst.canActAs);
  const staleChoice =
    selectedID !== null &&
    ((loadedAnalysts !== undefined && !selected) || (analysts.status === 'failed' && analysts.httpStatus === 403));
  useEffect(() => {
    if (!staleChoice) return;
    choose(null);
    reload();
  }, [staleChoice, choose, reload]);

  const signedOut = analysts.status === 'failed' && analysts.httpStatus === 401;
  useEffect(() => {
    if (signedOut) recheckUser();
  }, [signedOut, recheckUser]);

  const rememberAndChoose = useCallback(
    (analyst: Analyst) => {
      // Known before the reload answers, so the new choice is not mistaken for a stale one.
      remember(analyst);
      reload();
    },
    [remember, reload],
  );

  return useMemo(
    () => ({
      user,
      offline,
      analysts,
      selectedID: staleChoice ? null : selectedID,
      selected,
      settingsAnalystID: selectedID ?? user.id,
      isAdmin: selected?.permission === 'admin',
      choose,
      reload,
      remember: rememberAndChoose,
      staleChoice,
    }),
    [user, offline, analysts, selectedID, selected, staleChoice, choose, reload, rememberAndChoose],
  );
}
