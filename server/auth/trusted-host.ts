/*
 * Which Host headers name this server (DNS rebinding: a page of evil.example whose name is made to
 * resolve to our address is, to the browser, same-origin with us, and its requests carry
 * Host: evil.example). Trusted: PUBLIC_URL's host and ALLOWED_HOSTS; with neither set, loopback names,
 * IP address literals and this machine's own name, none of which a rebinding page's origin can have.
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { Config } from '../config.ts';

/** The host name of a Host header value (no port, no brackets), lower case; undefined when malformed. */
function hostName(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

const isLoopback = (name: string) =>
  name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);

export function isTrustedHost(host: string | undefined, config: Pick<Config, 'publicUrl' | 'allowedHosts'>): boolean {
  if (!host) return false;
  const name = hostName(host);
  if (name === undefined) return false;
  if (isLoopback(name)) return true;
  const listed = [...config.allowedHosts, ...(config.publicUrl ? [new URL(config.publicUrl).host.toLowerCase()] : [])];
  if (listed.length > 0)
    return listed.some((entry) => entry === host.toLowerCase() || (!/:\d+$/.test(entry) && hostName(entry) === name));
  const own = hostname().toLowerCase();
  return isIP(name) !== 0 || name === own || name === `${own}.local`;
}
