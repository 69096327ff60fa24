/* The chosen time zone (spec section 4), kept in local storage; validating it is the caller's job. */
const KEY = 'churchkey:time-zone';

export function readStoredTimeZone(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredTimeZone(name: string): void {
  try {
    window.localStorage.setItem(KEY, name);
  } catch (error) {
    console.error('the time zone could not be saved in local storage', error);
  }
}
