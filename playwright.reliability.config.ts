/*
 * The reliability suite's browser half (tests/reliability/e2e): offline writes across a killed
 * browser, the Content-Security-Policy the app runs under, stored XSS shown as text. Same Chromium
 * and server fixtures as tests/e2e.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: 'tests/reliability/e2e',
  outputDir: 'test-results/reliability',
  timeout: 600_000,
  workers: 1,
});
