/* The local sign-in page: plain HTML, no script, every interpolated text escaped. */
import { escapeHtml, htmlPage } from './html-page.ts';

export function loginPage(options: { from: string; username?: string; error?: string; form?: boolean }): string {
  const error = options.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(options.error)}</p>`
    : '';
  return htmlPage({ title: 'Sign in', head: HEAD, body: body(options, error) });
}

const HEAD = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { color-scheme: light dark; --bg: #F4F5F5; --fg: #1f2328; --panel: #fff; --line: #d0d7de; --accent: #3d6bce; --err: #b42318; }
  @media (prefers-color-scheme: dark) { :root { --bg: #111217; --fg: rgb(204,204,220); --panel: #181b22; --line: #2c313c; --accent: #6e9bf5; --err: #f97066; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
         font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(360px, 92vw); background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 24px; }
  h1 { font-size: 18px; margin: 0 0 4px; }
  p.lead { margin: 0 0 18px; opacity: .75; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; max-width: 400px; padding: 7px 9px; border: 1px solid var(--line); border-radius: 5px; background: var(--bg); color: var(--fg); font: inherit; }
  input:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
  button { margin-top: 18px; width: 100%; padding: 8px; border: 0; border-radius: 5px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  .error { color: var(--err); margin: 12px 0 0; }
  a { color: var(--accent); }
</style>`;

function body(options: { from: string; username?: string; form?: boolean }, error: string): string {
  return `<main>
  <h1>Churchkey</h1>
  <p class="lead">Sign in to continue.</p>
  ${
    options.form === false
      ? `${error}<p><a href="/auth/login">Sign in again</a></p>`
      : `<form method="post" action="/auth/login">
    <input type="hidden" name="from" value="${escapeHtml(options.from)}">
    <label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    ${error}
    <button type="submit">Sign in</button>
  </form>`
  }
</main>`;
}
