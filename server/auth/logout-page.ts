/*
 * GET /auth/logout answers this page, which signs out by POST: a GET any site may trigger (an image,
 * a link) must not end a session. Its one inline script submits the form at once; the page's own CSP
 * allows that script by its hash alone, and the button stays for a browser without scripts.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, htmlPage } from './html-page.ts';

const SUBMIT = "document.getElementById('logout').submit();";
const SUBMIT_HASH = createHash('sha256').update(SUBMIT).digest('base64');

export const LOGOUT_PAGE_CSP = `default-src 'none'; script-src 'sha256-${SUBMIT_HASH}'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

export function logoutPage(from: string): string {
  return htmlPage({
    title: 'Signing out',
    head: '<style>body { font: 14px/1.45 system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh; }</style>',
    body: `<form id="logout" method="post" action="/auth/logout">
  <input type="hidden" name="from" value="${escapeHtml(from)}">
  <p>Signing out…</p>
  <button type="submit">Sign out</button>
</form>
<script>${SUBMIT}</script>`,
  });
}
