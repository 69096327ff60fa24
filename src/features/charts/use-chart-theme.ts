/* The charts' colours for the current colour mode, following data-theme as it changes. */
import { useEffect, useMemo, useState } from 'react';
import { currentScheme, readThemeColors, watchScheme, type ThemeColors } from '../../render/theme-colors.ts';

export function useChartTheme(): ThemeColors {
  const [scheme, setScheme] = useState(currentScheme);
  useEffect(() => watchScheme(setScheme), []);
  return useMemo(() => readThemeColors(scheme), [scheme]);
}
