/*
 * Where the API lives (spec section 7): the app's own host, or VITE_API_BASE when a deployment
 * serves the app elsewhere. A trailing default port 80 is dropped, so "http://host:80" and
 * "http://host" name the same origin (cookies and the server's `from` check compare origins).
 */

export function apiBase(configured: string | undefined, pageOrigin: string): string {
  const base = (configured?.trim() || pageOrigin).replace(/\/+$/, '');
  return base.replace(/:80$/, '');
}

/** The full address of an API path ("/api/analysts") under a base. */
export function apiUrl(base: string, path: string): string {
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
