/*
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built server.
 * Servers are started per worker by tests/e2e/fixtures.ts, not by `webServer`, so a spec can ask
 * for its own server settings (see tests/e2e/start-server.ts).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SOFTWARE_WEBGL_ARGS } from './tests/support/chromium-args.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...SOFTWARE_WEBGL_ARGS] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
