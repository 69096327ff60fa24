/*
 * The switches Debian's Chromium is launched with, by the end-to-end tests (playwright.config.ts)
 * and by the benchmarks (bench/bench-browser.ts) alike, so a flag found needed here is needed once.
 * No imports: the server build compiles this file for the benches.
 */

// Without the background switches, Chromium's own connections are refused many at a time here.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** WebGL drawn in software (SwiftShader): the machine has no GPU. */
export const SOFTWARE_WEBGL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
