/*
 * A recipe (request-arbitrary.ts) made into the request app.inject sends, against the fuzz world
 * of the moment: world ids filled in, placeholders replaced by 10,000 nested arrays or bytes that
 * are not UTF-8, the multipart body assembled (and cut short when the recipe says so).
 */
import type { InjectOptions } from 'fastify';
import { BAD_UTF8, DEEP_JSON, WORLD_REF } from './json-arbitrary.ts';
import { FUZZ_ACTION, FUZZ_TAG, type FuzzWorld } from './fuzz-world.ts';
import { multipart, type Part } from './multipart.ts';
import type { Recipe } from './request-arbitrary.ts';
import type { FuzzRoute } from './route-table.ts';

const NOT_UTF8 = Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xc0, 0xaf]);
const DEPTH = 10_000;

function worldValue(world: FuzzWorld, name: string): string | number {
  if (name === 'writerUsername') return world.writerUser.username;
  const value = (world as unknown as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : 0;
}

const refPattern = new RegExp(`${WORLD_REF}([A-Za-z]+)`, 'g');
const fill = (world: FuzzWorld, text: string) =>
  text.replace(refPattern, (_, name: string) => String(worldValue(world, name)));

/** Text to bytes, with each BAD_UTF8 placeholder made into bytes no UTF-8 decoder accepts. */
function bytes(text: string): Buffer {
  const pieces = text.split(BAD_UTF8);
  return Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [Buffer.from(piece)] : [NOT_UTF8, Buffer.from(piece)])));
}

function jsonText(world: FuzzWorld, value: unknown): string {
  const text =
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'string' && v.startsWith(WORLD_REF)) return worldValue(world, v.slice(WORLD_REF.length));
      return v;
    }) ?? '';
  const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  return text.replaceAll(JSON.stringify(DEEP_JSON), deep).replaceAll(JSON.stringify(BAD_UTF8).slice(1, -1), BAD_UTF8);
}

/** The world's id for a path parameter of this route. */
function validParam(world: FuzzWorld, path: string, name: string): string {
  switch (name) {
    case 'analystID':
      return String(world.writerID);
    case 'userID':
      return String(world.writerUser.userID);
    case 'actorID':
      return String(path.startsWith('/api/organization') ? world.organizationActorID : world.actorID);
    case 'streamID':
      return String(path.includes('/import') ? world.importedStreamID : world.streamID);
    case 'eventID':
      // Only markers take a symbol.
      return String(path.endsWith('/symbol') ? world.markerID : world.eventID);
    case 'tagName':
      return FUZZ_TAG;
    case 'actionName':
      return encodeURIComponent(FUZZ_ACTION);
    case 'token':
      return 'fuzzfuzzfuzzfuzzfuzzfuzz';
    default:
      return String(worldValue(world, name));
  }
}

export interface Built {
  options: InjectOptions;
  describe(): string;
}

export function buildRequest(world: FuzzWorld, route: FuzzRoute, recipe: Recipe): Built {
  let url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const param = recipe.params[name];
    return !param || 'valid' in param ? validParam(world, route.path, name) : param.raw;
  });
  const query = fill(world, recipe.query);
  if (query !== '') url += `?${query}`;

  const headers: Record<string, string | string[]> = {};
  const session = world.admin.cookie;
  switch (recipe.who) {
    case 'writer':
      headers['cookie'] = session;
      headers['x-churchkey-analyst'] = String(world.writerID);
      break;
    case 'admin':
      headers['cookie'] = session;
      break;
    case 'bad-cookie':
      headers['cookie'] = 'churchkey_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
      break;
    case 'two-cookies':
      headers['cookie'] = `churchkey_session=forged; ${session}; churchkey_session=`;
      headers['x-churchkey-analyst'] = String(world.writerID);
      break;
    case 'huge-cookie':
      headers['cookie'] = `churchkey_session=${'a'.repeat(5000)}`;
      break;
    case 'none':
      break;
  }
  if (recipe.analystHeader === null) delete headers['x-churchkey-analyst'];
  else if (recipe.analystHeader !== undefined) {
    headers['x-churchkey-analyst'] = Array.isArray(recipe.analystHeader)
      ? recipe.analystHeader.map((v) => fill(world, v))
      : fill(world, recipe.analystHeader);
  }
  if (recipe.idempotencyKey !== undefined) headers['idempotency-key'] = recipe.idempotencyKey;
  Object.assign(headers, recipe.extraHeaders);

  let payload: Buffer | undefined;
  let impliedType: string | undefined;
  const body = recipe.body;
  switch (body.type) {
    case 'json':
      payload = bytes(jsonText(world, body.value));
      impliedType = 'application/json';
      break;
    case 'text':
      payload = bytes(body.text);
      impliedType = 'application/json';
      break;
    case 'bytes':
      payload = Buffer.from(body.bytes);
      impliedType = 'application/json';
      break;
    case 'form':
      payload = Buffer.from(fill(world, body.text));
      impliedType = 'application/x-www-form-urlencoded';
      break;
    case 'multipart': {
      const { fields, file, secondFile, cut, boundaryInHeader } = body.parts;
      const parts: Part[] = fields.map(([name, value]) => ({ name, value: bytes(fill(world, value)) }));
      if (file) {
        const part: Part = {
          name: file.field,
          fileName: file.fileName,
          value: file.content,
          contentType: file.contentType || 'application/octet-stream',
        };
        parts.push(part);
        if (secondFile) parts.push(part);
      }
      const built = multipart(parts, 'fuzzBoundary7MA4YWxkTrZu0gW');
      payload = cut < 1 ? built.payload.subarray(0, Math.floor(built.payload.length * cut)) : built.payload;
      impliedType =
        boundaryInHeader === 'same'
          ? built.contentType
          : boundaryInHeader === 'other'
            ? 'multipart/form-data; boundary=another'
            : 'multipart/form-data';
      break;
    }
    case 'none':
      break;
  }
  if (recipe.contentType === undefined) {
    if (impliedType) headers['content-type'] = impliedType;
  } else if (recipe.contentType !== null) headers['content-type'] = recipe.contentType;

  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
  return {
    options,
    describe() {
      const shown = { ...headers, ...(headers['cookie'] ? { cookie: String(headers['cookie']).slice(0, 60) } : {}) };
      const preview = payload
        ? `${payload.subarray(0, 400).toString('utf8')}${payload.length > 400 ? `… (${payload.length} bytes)` : ''}`
        : '(no body)';
      return `${route.method} ${url.slice(0, 400)}\nheaders: ${JSON.stringify(shown)}\nbody: ${preview}`;
    },
  };
}
