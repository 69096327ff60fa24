/*
 * Colour mode of spec section 4: light, dark, or auto (follows the system preference and updates
 * when it changes). The result is written to <html data-theme>, which the CSS tokens key on.
 */
import { useEffect } from 'react';
import { DARK_BACKGROUND, LIGHT_BACKGROUND } from '../../domain/color/palette.ts';

export type ColorMode = 'auto' | 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

/** Page backgrounds of spec section 9; an installed app's title bar takes the same colour. */
const THEME_BACKGROUNDS = { light: LIGHT_BACKGROUND, dark: DARK_BACKGROUND } as const;

function applyColorMode(mode: ColorMode): void {
  const dark = mode === 'dark' || (mode === 'auto' && window.matchMedia(darkQuery).matches);
  const theme = dark ? 'dark' : 'light';
  document.documentElement.dataset['theme'] = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_BACKGROUNDS[theme]);
}

export function useColorMode(mode: ColorMode): void {
  useEffect(() => {
    applyColorMode(mode);
    if (mode !== 'auto') return;
    const media = window.matchMedia(darkQuery);
    const follow = () => applyColorMode('auto');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [mode]);
}
