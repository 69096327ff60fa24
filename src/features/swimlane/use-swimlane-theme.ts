/* The swimlane's colours for the current colour mode, following data-theme as it changes. */
import { useEffect, useMemo, useState } from 'react';
import type { SwimlaneTheme } from '../../render/swimlane/swimlane-scene.ts';
import { currentScheme, readThemeColors, watchScheme } from '../../render/theme-colors.ts';

export function useSwimlaneTheme(): SwimlaneTheme {
  const [scheme, setScheme] = useState(currentScheme);
  useEffect(() => watchScheme(setScheme), []);
  // The tokens change with data-theme at once, so reading them when the scheme changes is enough.
  return useMemo(() => {
    const colors = readThemeColors(scheme);
    return { ...colors, streams: colors.palette };
  }, [scheme]);
}
