/*
 * `from` is followed only when it points at our own origin; anything else (another host,
 * protocol-relative //host, backslash tricks, javascript:) falls back to the app's root. The check is
 * made on the path as it will be sent: after the URL parser's normalization (dot segments, %2e,
 * stripped tabs and newlines) a path may begin with "//" or "/\", which a browser reads as a host.
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
  const path = `${url.pathname}${url.search}${url.hash}`;
  // One leading "/" and then anything but another "/" or "\"; no backslash or space at all (the URL
  // serializer has percent-encoded control characters already).
  if (!/^\/(?![/\\])/.test(path) || /[\\\s]/.test(path)) return '/';
  return path;
}
