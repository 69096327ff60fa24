/*
 * "GET /path?q HTTP/1.1" as logged by web servers and proxies, read for a readable event message.
 * A request that is not three parts (a TLS hello sent to a plain port, "-") is kept whole.
 */
interface HttpRequestLine {
  readonly method: string | undefined;
  readonly target: string | undefined;
  readonly protocol: string | undefined;
}

const METHOD = /^[A-Z][A-Z_-]{1,19}$/;

export function readRequestLine(request: string): HttpRequestLine {
  const first = request.indexOf(' ');
  const method = first === -1 ? undefined : request.slice(0, first);
  if (method === undefined || !METHOD.test(method))
    return { method: undefined, target: undefined, protocol: undefined };
  const last = request.lastIndexOf(' ');
  const protocol = last > first && /^HTTP\/\d/.test(request.slice(last + 1)) ? request.slice(last + 1) : undefined;
  const target = protocol === undefined ? request.slice(first + 1) : request.slice(first + 1, last);
  return { method, target, protocol };
}

/** "GET /index.html → 200", or the raw request in quotes when it is not METHOD target. */
export function requestMessage(request: string, status: string): string {
  const { method, target } = readRequestLine(request);
  const what = method === undefined ? JSON.stringify(request) : `${method} ${target ?? ''}`;
  return `${what} → ${status}`;
}
