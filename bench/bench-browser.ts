/*
 * Headless Chromium for the benchmarks, in one place: launched with the flags the tests use too, and a
 * page of bench/pages/ bundled with Vite and served from memory under a made-up origin, so each
 * bench writes only what it measures.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, type InlineConfig, type LibraryOptions } from 'vite';
import { projectRoot } from '../server/project-root.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium-args.ts';

/** Debian's Chromium (never a downloaded browser), headless, with `extraArgs` after the common ones. */
export function launchBenchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** Builds bench/pages/{name}.ts as a library of `lib` into a fresh folder; answers the folder. */
async function bundleInto(name: string, lib: LibraryOptions, extra: InlineConfig): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), `churchkey-${name}-`));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: projectRoot(),
    ...extra,
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      ...extra.build,
      lib: { entry: join(projectRoot(), 'bench', 'pages', `${name}.ts`), fileName: () => 'page.js', ...lib },
    },
  });
  return outDir;
}

/** bench/pages/{name}.ts as ES modules (workers come along) in a fresh folder; the caller removes it. */
export function bundleModulePage(name: string, extra: InlineConfig = {}): Promise<string> {
  return bundleInto(name, { formats: ['es'] }, extra);
}

/** bench/pages/{name}.ts as one classic script (an IIFE named `globalName`), answered as text. */
export async function bundleScriptPage(name: string, globalName: string, extra: InlineConfig = {}): Promise<string> {
  const outDir = await bundleInto(name, { formats: ['iife'], name: globalName }, extra);
  try {
    return await readFile(join(outDir, 'page.js'), 'utf8');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/**
 * A fresh page at `origin` showing a module page bundled into `outDir`, once the page has put
 * `globalName` on its window. No timeout afterwards: a large run takes minutes.
 */
async function openModulePage(browser: Browser, origin: string, outDir: string, globalName: string) {
  const page = await browser.newPage();
  page.setDefaultTimeout(0);
  await page.route(`${origin}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/')
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><body style="margin:0"><script type="module" src="/page.js"></script>',
      });
    const file = normalize(join(outDir, path));
    if (!file.startsWith(outDir)) return route.fulfill({ status: 404 });
    return route.fulfill({
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      body: await readFile(file),
    });
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction((name) => name in globalThis, globalName);
  return page;
}

/**
 * One run on a fresh page of the bundle in `outDir` (so one run's garbage does not slow the next):
 * the page's `globalThis[globalName].run(kind, count)`, and what it answered.
 */
export async function runOnModulePage<Figures>(
  browser: Browser,
  origin: string,
  outDir: string,
  globalName: string,
  kind: string,
  count: number,
): Promise<Figures> {
  const page = await openModulePage(browser, origin, outDir, globalName);
  try {
    return (await page.evaluate(
      ([name, k, n]) =>
        (globalThis as unknown as Record<string, { run(kind: string, count: number): Promise<unknown> }>)[name]!.run(
          k,
          n,
        ),
      [globalName, kind, count] as const,
    )) as Figures;
  } finally {
    await page.close();
  }
}

/** Answers `/page.js` with `script` on `page` and every other path of `origin` with `html`. */
export async function serveScriptPage(page: Page, origin: string, script: string, html: string): Promise<void> {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill(
      new URL(route.request().url()).pathname === '/page.js'
        ? { contentType: 'text/javascript; charset=utf-8', body: script }
        : { contentType: 'text/html; charset=utf-8', body: html },
    ),
  );
}
