/*
 * Where a reopen of the app spends its main-thread time: the V8 CPU profile of the page (CDP
 * Profiler) folded into self time per function, and the app's own `churchkey: …` measures laid on
 * the time since navigation. Used by bench/swimlane-app-bench.ts to write down where the seconds go.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
}

/** The `top` functions by self time (ms), named with their file's last part. */
export async function stopProfile(cdp: CDPSession, top = 14): Promise<Array<{ name: string; millis: number }>> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  // For reading a profile whole (DevTools opens it as a .cpuprofile): REOPEN_PROFILE_DIR keeps each one.
  const dumpDir = process.env.REOPEN_PROFILE_DIR;
  if (dumpDir) await writeFile(join(dumpDir, `reopen-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  const nodeName = new Map<number, string>();
  for (const node of profile.nodes) {
    const file = node.callFrame.url.split('/').pop() ?? '';
    const name = node.callFrame.functionName || '(anonymous)';
    nodeName.set(node.id, file ? `${name} (${file}:${node.callFrame.lineNumber + 1})` : name);
  }
  const self = new Map<string, number>();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const name = nodeName.get(profile.samples[index] as number) ?? '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  }
  return [...self.entries()]
    .map(([name, millis]) => ({ name, millis }))
    .sort((a, b) => b.millis - a.millis)
    .slice(0, top);
}

/** Page code: navigation marks and every churchkey measure as [name, start, end] since navigation. */
const TIMELINE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const rows = [];
  if (nav) {
    rows.push(['response end', nav.responseEnd, nav.responseEnd]);
    rows.push(['DOMContentLoaded', nav.domContentLoadedEventStart, nav.domContentLoadedEventEnd]);
    rows.push(['DOM interactive (parsed)', nav.domInteractive, nav.domInteractive]);
  }
  for (const entry of performance.getEntriesByType('measure')) {
    if (!entry.name.startsWith('churchkey: ')) continue;
    const detail = entry.detail || {};
    // The layout says how long the worker worked on it (the rest is transfers and the main thread's wait).
    const note = detail.workMillis === undefined ? '' : ' (' + Math.round(detail.workMillis) + ' ms in the worker)';
    rows.push([entry.name.slice(11) + note, entry.startTime, entry.startTime + entry.duration]);
  }
  // The requests the page waits on before it mounts (the signed-in user's check, the route's code).
  for (const entry of performance.getEntriesByType('resource')) {
    const path = new URL(entry.name).pathname;
    const route = path.startsWith('/assets/incident') || path.startsWith('/assets/event-timeline');
    // The head's scripts: the early picture's classic one (s22) and the app's entry.
    const head = path.startsWith('/assets/early-picture') || path.startsWith('/assets/index-');
    if (path.startsWith('/auth/') || path.startsWith('/api/') || route || (head && path.endsWith('.js')))
      rows.push(['fetched ' + (route || head ? path.split('-')[0] : path), entry.startTime, entry.responseEnd]);
  }
  for (const entry of performance.getEntriesByType('paint')) rows.push([entry.name, entry.startTime, entry.startTime]);
  for (const entry of performance.getEntriesByType('mark'))
    if (entry.name.startsWith('churchkey: ')) rows.push([entry.name.slice(11), entry.startTime, entry.startTime]);
  return rows.sort((a, b) => a[1] - b[1]);
})()`;

export async function reopenTimeline(page: Page): Promise<string[]> {
  const rows = await page.evaluate<Array<[string, number, number]>>(TIMELINE);
  return rows.map(([name, start, end]) =>
    end > start + 0.5 ? `${start.toFixed(0)}-${end.toFixed(0)} ms ${name}` : `${start.toFixed(0)} ms ${name}`,
  );
}

/**
 * The reopen's two marks, ms since navigation (NaN when absent): the last settled frame's picture on
 * screen (s18, `churchkey: swimlane shows its last frame`) and the live frame, laid out and interactive.
 */
export async function reopenMarks(page: Page): Promise<{ picture: number; live: number }> {
  const first = (name: string) =>
    page.evaluate<number>(`performance.getEntriesByName(${JSON.stringify(name)})[0]?.startTime ?? NaN`);
  return { picture: await first('churchkey: swimlane shows its last frame'), live: await first(LIVE_MARK) };
}

const LIVE_MARK = 'churchkey: swimlane shows a new layout';

/** Until the page has kept its settled swimlane frame (a build before s18 never does: false after 30 s). */
export const swimlaneFrameKept = (page: Page): Promise<boolean> =>
  page
    .waitForFunction(() => performance.getEntriesByName('churchkey: swimlane last frame kept').length > 0, undefined, {
      timeout: 30_000,
    })
    .then(
      () => true,
      () => false,
    );
