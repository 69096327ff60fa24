/* The Logout menu item's state: disabled while run-logout.ts does its steps. */
import { useCallback, useState } from 'react';
import { apiAddress } from '../../data/api-client.ts';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { forgetSession } from '../../data/session-cache.ts';
import { runLogout } from './run-logout.ts';

interface UseLogoutOptions {
  userID: number | null | undefined;
  clearAnalyst: () => void;
  clearUser: () => void;
}

export function useLogout({ userID, clearAnalyst, clearUser }: UseLogoutOptions): {
  loggingOut: boolean;
  logout: () => void;
} {
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(() => {
    if (loggingOut) return;
    setLoggingOut(true);
    void runLogout({
      userID,
      currentUrl: window.location.href,
      recordAction: () => recordAuditAction('logout'),
      wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      forgetSession,
      goTo: (address) => window.location.assign(apiAddress(address)),
      clearAnalyst,
      clearUser,
      alert: (message) => window.alert(message),
    }).then((wentAhead) => {
      // After a redirect the page is leaving: the item stays disabled until it has.
      if (!wentAhead || !userID) setLoggingOut(false);
    });
  }, [loggingOut, userID, clearAnalyst, clearUser]);

  return { loggingOut, logout };
}
