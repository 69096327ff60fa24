/*
 * A Kubernetes audit event (kind "Event", apiVersion audit.k8s.io/*) says what happened only across
 * fields: its verb alone ("get") tells an analyst nothing. The message is the verb, the object
 * (resource[/subresource] namespace/name, else the request URI of a non-resource call such as
 * /healthz) and the answer's code: "get secrets default/db → 200", as the API server's audit
 * documentation describes an event (https://kubernetes.io/docs/tasks/debug/debug-cluster/audit/).
 */
import type { JsonValue } from './import-record.ts';
import { isJsonObject } from './json-lines.ts';

type JsonObject = { [key: string]: JsonValue };

const text = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

export function isKubernetesAuditEvent(record: JsonObject): boolean {
  const apiVersion = record['apiVersion'];
  return record['kind'] === 'Event' && typeof apiVersion === 'string' && apiVersion.startsWith('audit.k8s.io/');
}

/** The event's message, or undefined when it has no verb. */
export function kubernetesAuditMessage(record: JsonObject): string | undefined {
  const verb = text(record['verb']);
  if (verb === undefined) return undefined;
  const object = record['objectRef'];
  let target = text(record['requestURI']);
  if (isJsonObject(object)) {
    const resource = [text(object['resource']), text(object['subresource'])].filter((part) => part !== undefined);
    const name = [text(object['namespace']), text(object['name'])].filter((part) => part !== undefined).join('/');
    if (resource.length > 0) target = [resource.join('/'), name].filter((part) => part !== '').join(' ');
  }
  const status = record['responseStatus'];
  const code = isJsonObject(status) ? text(status['code']) : undefined;
  return [verb, target, code === undefined ? undefined : `→ ${code}`].filter((part) => part !== undefined).join(' ');
}
