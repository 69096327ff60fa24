/*
 * Loaded from src/app/styles.css with `@config`. Colours are CSS variables (set in styles.css for
 * light and dark), so a colour mode switch changes one attribute on <html>, not every class.
 */
import type { Config } from 'tailwindcss';

const tokens = [
  'canvas',
  'panel',
  'raised',
  'ink',
  'muted',
  'line',
  'accent',
  'accent-bg',
  'on-accent',
  'danger',
  'warning',
  'warning-bg',
  'focus',
];

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  // Colour mode is decided in code (auto/light/dark), then written to <html data-theme>.
  darkMode: ['selector', '[data-theme="dark"]'],
  theme: {
    extend: {
      colors: Object.fromEntries(tokens.map((name) => [name, `var(--ck-${name})`])),
      fontFamily: {
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'],
      },
      width: { 'analyst-button': '150px' },
      maxWidth: { 'form-input': '400px' },
      height: { logo: '2.4em' },
    },
  },
} satisfies Config;
