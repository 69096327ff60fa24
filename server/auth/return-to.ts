/*
 * `from` is followed only when it points at our own origin; anything else (another host,
 * protocol-relative //host, backslash tricks, javascript:) falls back to the app's root.
 */
export function safeReturnPath(from: unknown, origin: string): string {
  if (typeof from !== 'string' || from.length === 0 || from.length > 2048) return '/';
  let url: URL;
  try {
    url = new URL(from, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  if (url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
