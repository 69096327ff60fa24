/*
 * Colour mode of spec section 4: light, dark, or auto (follows the system preference and updates
 * when it changes). The result is written to <html data-theme>, which the CSS tokens key on.
 */
import { useEffect } from 'react';

export type ColorMode = 'auto' | 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

export function applyColorMode(mode: ColorMode): void {
  const dark = mode === 'dark' || (mode === 'auto' && window.matchMedia(darkQuery).matches);
  document.documentElement.dataset['theme'] = dark ? 'dark' : 'light';
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
