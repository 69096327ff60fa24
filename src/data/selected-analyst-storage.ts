/*
 * The analyst a user chose to act as, kept in localStorage per user, so a second account signing
 * in on the same browser does not inherit the first one's choice.
 */
const KEY_PREFIX = 'churchkey:selected-analyst:';

export function readSelectedAnalystID(userID: number): number | null {
  try {
    const raw = window.localStorage.getItem(`${KEY_PREFIX}${userID}`);
    if (raw === null || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
    return Number(raw);
  } catch {
    // NOTE: storage can be disabled (privacy settings); the picker then shows on every load.
    return null;
  }
}

export function writeSelectedAnalystID(userID: number, analystID: number | null): void {
  try {
    if (analystID === null) window.localStorage.removeItem(`${KEY_PREFIX}${userID}`);
    else window.localStorage.setItem(`${KEY_PREFIX}${userID}`, String(analystID));
  } catch {
    // Kept in memory only for this page; nothing else to do.
  }
}
