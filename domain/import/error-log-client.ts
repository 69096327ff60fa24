/*
 * The client a web server's error line names: nginx writes ", client: 198.51.100.23, server: …" after
 * the message (ngx_http_log_error), Apache 2.4 "[client 10.0.0.5:51515]" before it (with IPv6 in
 * brackets of its own or bare). That client is who the line is about, so it is the actor.
 */

// Apache: "[client 10.0.0.5:51515]", "[client [2001:db8::5]:51515]", "[client 2001:db8::5:51515]"; only
// the first few hundred characters are looked at, where Apache writes it.
const APACHE_CLIENT = /\[client (?:\[([0-9A-Fa-f:.]+)\]|([^\]\s]+?))(?::\d{1,5})?\]/;
const APACHE_CHARS = 400;
const NGINX_CLIENT = /^, client: ([0-9A-Fa-f:.]{2,45}|unix:)(?=,|$)/;

export function errorLogClient(message: string): string | undefined {
  const apache = APACHE_CLIENT.exec(message.slice(0, APACHE_CHARS));
  if (apache !== null) return apache[1] ?? apache[2];
  const at = message.indexOf(', client: ');
  if (at === -1) return undefined;
  const client = NGINX_CLIENT.exec(message.slice(at, at + 60))?.[1];
  return client === 'unix:' ? undefined : client;
}
