/*
 * Who the signed-in user is and which analyst they act as, for every screen under the shell.
 * The shell (src/app) provides it; screens read it with useActingAnalyst().
 */
import { createContext, useContext } from 'react';
import type { Analyst } from '../../../domain/analyst.ts';
import type { User } from '../../../domain/user.ts';
import type { AnalystsState } from './use-analysts.ts';

export interface ActingAnalyst {
  user: User;
  /** True when the user came from this browser's cache because the server could not be reached. */
  offline: boolean;
  analysts: AnalystsState;
  /** The chosen analyst id, or null before one is chosen. */
  selectedID: number | null;
  /** The chosen analyst once the list has it. */
  selected: Analyst | undefined;
  /** Whose display settings apply: the chosen analyst, else the user's own (spec section 4). */
  settingsAnalystID: number;
  /** The acting analyst is an administrator: permissions, grants, everyone's audit, search data. */
  isAdmin: boolean;
  choose: (analystID: number | null) => void;
  reload: () => void;
  remember: (analyst: Analyst) => void;
}

export const ActingAnalystContext = createContext<ActingAnalyst | null>(null);

export function useActingAnalyst(): ActingAnalyst {
  const value = useContext(ActingAnalystContext);
  if (!value) throw new Error('useActingAnalyst() needs the app shell around it');
  return value;
}
