/*
 * Logout of spec sections 4 and 8, as a plain function so its order can be tested: record the
 * action (best effort), wait LOGOUT_DELAY_MS so that request can leave, then go to the server's
 * logout address when a user id exists, else only forget the chosen analyst. On failure: alert
 * "error while logging out" and clear the user.
 */

/** Gives the audit request time to leave before the page unloads (spec section 9). */
export const LOGOUT_DELAY_MS = 1000;

export interface LogoutSteps {
  userID: number | null | undefined;
  currentUrl: string;
  recordAction: () => Promise<void>;
  wait: (ms: number) => Promise<void>;
  forgetSession: () => void;
  goTo: (address: string) => void;
  clearAnalyst: () => void;
  clearUser: () => void;
  alert: (message: string) => void;
}

export function logoutAddress(currentUrl: string): string {
  return `/auth/logout?from=${encodeURIComponent(currentUrl)}`;
}

/** Resolves true when the logout went ahead, false when it failed (and was reported). */
export async function runLogout(steps: LogoutSteps): Promise<boolean> {
  try {
    await steps.recordAction();
    await steps.wait(LOGOUT_DELAY_MS);
    if (steps.userID) {
      steps.forgetSession();
      steps.goTo(logoutAddress(steps.currentUrl));
    } else {
      steps.clearAnalyst();
    }
    return true;
  } catch (error) {
    console.error('error while logging out', error);
    steps.alert('error while logging out');
    steps.clearUser();
    return false;
  }
}
