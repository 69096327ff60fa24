/*
 * Logout of spec section 4: the menu item turns disabled, the action is recorded (best effort),
 * then after LOGOUT_DELAY_MS the browser goes to the server's logout address.
 */
import { useCallback, useState } from 'react';
import { recordAuditAction } from '../../data/audit-actions.ts';
import { logoutAddress } from './auth-api.ts';

/** Gives the audit request time to leave before the page unloads. */
export const LOGOUT_DELAY_MS = 1000;

export function useLogout(): { loggingOut: boolean; logout: () => void } {
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(() => {
    if (loggingOut) return;
    setLoggingOut(true);
    void (async () => {
      try {
        await recordAuditAction('logout');
        await new Promise((resolve) => window.setTimeout(resolve, LOGOUT_DELAY_MS));
        window.location.assign(logoutAddress(window.location.href));
      } catch (error) {
        console.error('error while logging out', error);
        setLoggingOut(false);
        window.alert('error while logging out');
      }
    })();
  }, [loggingOut]);

  return { loggingOut, logout };
}
