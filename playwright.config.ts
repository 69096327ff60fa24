/*
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built server.
 * Servers are started per worker by tests/e2e/fixtures.ts, not by `webServer`, so a spec can ask
 * for its own server settings (see tests/e2e/start-server.ts).
 */
import { defineConfig } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these, Chromium's own background connections are refused many at a time here.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

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
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
