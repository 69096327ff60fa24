/*
 * Stored-XSS payloads for the reliability suite, and the check a page must pass after showing them:
 * nothing ran (`window.__xss` unset), no element or handler was injected, and every link in the DOM
 * goes to http(s) only.
 */
import type { Page } from '@playwright/test';

/** Each sets window.__xss to its number if it ever runs. */
export const XSS_PAYLOADS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=2</script>',
  '"><svg onload=window.__xss=3>',
  "{{constructor.constructor('window.__xss=4')()}}",
  'javascript:window.__xss=5',
] as const;

/** One string holding every payload, for fields that hold one value (names, descriptions). */
export const ALL_PAYLOADS = XSS_PAYLOADS.join(' ');

export interface InertReport {
  /** The payload number that ran, if any. */
  executed: unknown;
  /** Elements or handlers the payloads would have made. */
  injected: string[];
  /** Links whose address is not http(s). */
  badLinks: string[];
}

export function inertReport(page: Page): Promise<InertReport> {
  return page.evaluate(() => {
    const injected: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      if (
        (tag === 'img' && element.getAttribute('src') === 'x') ||
        (tag === 'script' && (element.textContent ?? '').includes('__xss'))
      )
        injected.push(element.outerHTML.slice(0, 120));
      for (const attribute of Array.from(element.attributes)) {
        const handler = /^on/i.test(attribute.name);
        const scriptAddress =
          /^(src|href|action|formaction|data|srcdoc)$/i.test(attribute.name) &&
          /^\s*(javascript|vbscript|data):/i.test(attribute.value);
        if (handler || (scriptAddress && attribute.value.includes('__xss'))) {
          injected.push(`${tag}[${attribute.name}="${attribute.value.slice(0, 80)}"]`);
        }
      }
    }
    const badLinks = Array.from(document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'))
      .filter((link) => link.protocol !== 'http:' && link.protocol !== 'https:')
      .map((link) => link.getAttribute('href') ?? '');
    for (const frame of Array.from(document.querySelectorAll('iframe[src], embed[src], object[data], form[action]'))) {
      const address = frame.getAttribute('src') ?? frame.getAttribute('data') ?? frame.getAttribute('action') ?? '';
      if (/^\s*javascript:/i.test(address)) badLinks.push(address);
    }
    return { executed: (window as unknown as { __xss?: unknown }).__xss ?? null, injected, badLinks };
  });
}
