/*
 * What a kept swimlane frame needs to be painted as the app starts, before React (app/swimlane-early-picture.ts):
 * the raw inputs the page will decide it from, read synchronously without the app's modules. The page's own
 * key (swimlane-frame-key.ts) needs the settings parsed, the colour mode applied and the section measured, so
 * it is known only once React has mounted the page; these raw parts are the same whenever that key is, unless
 * nothing but their spelling changed (then nothing is painted early and the page shows the frame itself).
 */
import { stableJson, type EarlyFrameInputs } from './swimlane-frame-key.ts';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The signed-in user the session cache names (the chosen analyst is kept per user). */
function cachedUserID(): unknown {
  try {
    const cache: unknown = JSON.parse(stored('churchkey:session-cache') ?? 'null');
    return (cache as { user?: { id?: unknown } } | null)?.user?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Everything that decides the picture and is known as the app starts: the address, the persisted display
 * settings and view states (and who acted last), the time zone, the analyst chosen, the swimlane's columns
 * last laid out, the window's size and pixel ratio, the system's colour preference (for the "auto" mode),
 * and the mirror's events revision.
 */
export function earlyFrameInputs(incidentID: number, mirrorRevision: string): EarlyFrameInputs {
  const user = cachedUserID();
  return {
    address: window.location.pathname + window.location.search,
    persisted: stored('persist:root'),
    timeZone: stored('churchkey:time-zone'),
    user,
    analyst: typeof user === 'number' ? stored(`churchkey:selected-analyst:${user}`) : null,
    columns: stored(`churchkey:swimlane-view:${incidentID}`),
    window: [window.innerWidth, window.innerHeight],
    devicePixelRatio: window.devicePixelRatio || 1,
    prefersDark: window.matchMedia('(prefers-color-scheme: dark)').matches,
    revision: mirrorRevision,
  };
}

/** The first part that differs between what was kept and what is now (undefined: all the same). */
export function earlyInputThatDiffers(kept: EarlyFrameInputs, now: EarlyFrameInputs): string | undefined {
  const names = new Set([...Object.keys(kept), ...Object.keys(now)]);
  for (const name of names) if (stableJson(kept[name]) !== stableJson(now[name])) return name;
  return undefined;
}
