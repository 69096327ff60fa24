/*
 * Security headers and content, the server's half (reliability issue, part 7): the CSP every answer
 * carries (the app's HTML, the sign-in page, API answers), uploads that can never run as a page
 * however they are named or typed, through every route that serves stored bytes, and links that
 * are only ever http(s): every other scheme refused at the API with a 400 naming the field, and
 * nothing stored. The app running under this CSP in Chromium, and stored text shown as text, are
 * the browser half (tests/reliability/e2e).
 * Long because: one suite over every route that serves stored bytes or takes a link, on one server and its rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { projectRoot } from '../../server/project-root.ts';
import { createIncident, createOrganization, createStream } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS, type DatabaseKind } from '../support/test-database.ts';
import {
  giveAnalyst,
  signIn,
  startTestServer,
  TEST_PASSWORD,
  TEST_VERSION,
  type Session,
  type TestServer,
} from '../support/test-server.ts';
import { fixture, IMPORT_FILE, MAP_FILE } from './access-world.ts';
import { recordFigures } from './figures.ts';
import { scaled } from './scale.ts';
import { changedTables, snapshotTables } from './support/table-snapshot.ts';

const KINDS: DatabaseKind[] = scaled(DATABASE_KINDS, ['pglite']);
const DIST = join(projectRoot(), 'dist');

/** Types a browser runs script in (or renders as a document that may): never served for stored bytes. */
const EXECUTABLE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z.+-]*(javascript|ecmascript)|text\/css|multipart\/|application\/x-shockwave-flash|text\/xsl|application\/rss|application\/atom)/i;
/** Shown inline by a browser without running anything of the file. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp)|audio\/(mpeg|ogg|wav)|video\/(mp4|webm))$/;

const SCRIPT = '<script>document.title="pwned"</script>';
const HTML_PAGE = `<!doctype html><html><body><h1>hello</h1>${SCRIPT}<img src=x onerror="alert(1)"></body></html>`;
const SVG_WITH_SCRIPT = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="5"/></svg>`;
const XHTML = `<html xmlns="http://www.w3.org/1999/xhtml"><body>${SCRIPT}</body></html>`;

/** Each file a hostile analyst (or a compromised import) might upload: name, declared type, bytes. */
const HOSTILE_UPLOADS: [label: string, name: string, type: string, body: string][] = [
  ['an HTML page', 'page.html', 'text/html', HTML_PAGE],
  ['an HTML page declared with parameters and in capitals', 'page2.htm', 'TEXT/HTML; charset=utf-8', HTML_PAGE],
  ['an SVG with script', 'drawing.svg', 'image/svg+xml', SVG_WITH_SCRIPT],
  ['a file named <script>.html', `${SCRIPT}.html`, 'text/html', HTML_PAGE],
  ['a file named with quotes and a header break', 'evil"; filename=x.html\r\nX-Injected: 1.html', '', HTML_PAGE],
  ['an XHTML document', 'page.xhtml', 'application/xhtml+xml', XHTML],
  ['an XML document with an XHTML script', 'data.xml', 'text/xml', XHTML],
  ['JavaScript', 'app.js', 'text/javascript', 'alert(1)'],
  ['JavaScript declared as an image', 'app.png', 'application/javascript', 'alert(1)'],
  ['HTML declared as a PNG', 'photo.png', 'image/png', HTML_PAGE],
  ['HTML with no declared type', 'noname', '', HTML_PAGE],
  [
    'a PDF',
    'report.pdf',
    'application/pdf',
    '%PDF-1.4\n1 0 obj <</Type/Catalog/OpenAction <</S/JavaScript/JS (app.alert(1))>> >> endobj\n%%EOF\n',
  ],
  ['CSS', 'style.css', 'text/css', 'body{background:url(javascript:alert(1))}'],
  ['a multipart document', 'x.mht', 'multipart/related', HTML_PAGE],
];

/** Every way a link could smuggle a scheme other than http(s). */
const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\n javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript://example.org/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ' data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'file:///etc/passwd',
  'FILE://C:/Windows/win.ini',
  ' file:///etc/passwd',
  'blob:https://example.org/0b6a1d7e',
  'about:blank',
  'ftp://example.org/file',
  'mailto:someone@example.org',
  '//evil.example/x',
  'http:/evil.example',
  'http:\\\\evil.example',
  'https:evil.example',
  'http://',
  'https://',
  'example.org/page',
  '',
];

interface Tally {
  uploadAnswers: number;
  executableServed: number;
  missingNosniff: number;
  inlineWhereCouldRun: number;
  badUrls: number;
  badUrlsStored: number;
  htmlPages: number;
  apiAnswers: number;
}
const tallies = new Map<DatabaseKind, Tally>();

function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** The directives that matter for script: none of them may open the door to injected code. */
function expectAppCsp(response: LightMyRequestResponse, where: string) {
  const csp = cspOf(response);
  expect(csp.size, `${where}: no Content-Security-Policy`).toBeGreaterThan(0);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts, `${where}: script-src`).not.toContain("'unsafe-inline'");
  expect(
    scripts.filter((source) => source === '*' || /^(data|blob|https?):$/.test(source)),
    `${where}: script-src allows any origin or scheme`,
  ).toEqual([]);
  expect(csp.get('object-src'), `${where}: object-src`).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), `${where}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${where}: base-uri`).toEqual(["'self'"]);
  expect(csp.get('default-src'), `${where}: default-src`).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
}

describe.each(KINDS)('security headers and content on %s', (kind) => {
  let server: TestServer;
  let appWithPages: FastifyInstance;
  let writer: Session;
  let incidentID: number;
  let streamID: number;
  const tally: Tally = {
    uploadAnswers: 0,
    executableServed: 0,
    missingNosniff: 0,
    inlineWhereCouldRun: 0,
    badUrls: 0,
    badUrlsStored: 0,
    htmlPages: 0,
    apiAnswers: 0,
  };

  const asWriter = (options: Parameters<Session['request']>[0]) =>
    writer.request({ analyst: writer.userID, ...options });

  /** One answer carrying stored bytes: a type that cannot run, nosniff, a sandbox, attachment unless harmless. */
  const expectHarmless = (response: LightMyRequestResponse, where: string) => {
    tally.uploadAnswers += 1;
    const type = String(response.headers['content-type'] ?? '');
    const disposition = String(response.headers['content-disposition'] ?? '');
    if (EXECUTABLE.test(type)) tally.executableServed += 1;
    if (response.headers['x-content-type-options'] !== 'nosniff') tally.missingNosniff += 1;
    if (!INLINE_SAFE.test(type.split(';')[0]!.trim()) && !disposition.startsWith('attachment'))
      tally.inlineWhereCouldRun += 1;
    expect(type, `${where}: content type`).not.toMatch(EXECUTABLE);
    expect(type, `${where}: content type`).toMatch(
      /^(image\/(png|jpeg|gif|webp)|audio\/(mpeg|ogg|wav)|video\/(mp4|webm)|application\/(pdf|json|octet-stream)|text\/plain; charset=utf-8)$/,
    );
    expect(response.headers['x-content-type-options'], `${where}: nosniff`).toBe('nosniff');
    expect(cspOf(response).has('sandbox'), `${where}: sandbox CSP`).toBe(true);
    expect(cspOf(response).get('default-src'), `${where}: default-src`).toEqual(["'none'"]);
    if (INLINE_SAFE.test(type)) expect(disposition, `${where}: disposition`).toMatch(/^(inline|attachment);/);
    else expect(disposition, `${where}: disposition`).toMatch(/^attachment;/);
    // The file name is shown, never a header of its own: no line break and no unescaped quote.
    expect(disposition, `${where}: disposition`).not.toMatch(/[\r\n]/);
    expect(disposition, `${where}: disposition`).toMatch(
      /^(inline|attachment); filename="[^"]*"; filename\*=UTF-8''[^\s";]*$/,
    );
    expect(response.headers['x-injected'], `${where}: an injected header`).toBeUndefined();
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { UPLOAD_MAX_BYTES: String(10 * 1024 * 1024) });
    if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first');
    // The same database with the built app served, as `npm start` runs it.
    appWithPages = await buildApp({ db: server.db, config: server.config, version: TEST_VERSION });
    await appWithPages.ready();
    writer = await signIn(server);
    await giveAnalyst(server, writer, 'write');
    const organizationID = await createOrganization(writer, 'Security');
    incidentID = await createIncident(writer, organizationID, 'Headers');
    streamID = await createStream(writer, incidentID, 'chat');
  });
  afterAll(async () => {
    tallies.set(kind, tally);
    await appWithPages?.close();
    await server?.close();
  });

  it("serves the app's HTML, its deep links and the sign-in page under a CSP with no eval, no inline script, no plugins and no framing", async () => {
    for (const url of ['/', '/incident/4/type/swimlane', '/organizations', '/auth/login']) {
      const response = await appWithPages.inject({ url });
      tally.htmlPages += 1;
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expectAppCsp(response, url);
      // What the CSP allows is what the page needs: every script of the page is a file of ours.
      const inline = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attributes, content]) => !/\bsrc=/.test(attributes!) && content!.trim() !== '',
      );
      expect(
        inline.map(([whole]) => whole.slice(0, 80)),
        `${url}: inline scripts the CSP would block`,
      ).toEqual([]);
      expect(response.body, `${url}: inline event handlers`).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
    const index = readFileSync(join(DIST, 'index.html'), 'utf8');
    const script = /<script[^>]+src="([^"]+)"/.exec(index)?.[1];
    expect(script, 'the built index.html loads its script from a file').toBeDefined();
    const asset = await appWithPages.inject({ url: script! });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the CSP and nosniff with every API answer, refusals included', async () => {
    const answers = [
      await asWriter({ url: '/api/analysts' }),
      await asWriter({ url: `/api/incident/${incidentID}` }),
      await asWriter({ url: '/api/incident/999999999' }),
      await asWriter({ url: '/api/nothing-here' }),
      await server.app.inject({ url: '/auth/user' }),
      await asWriter({ url: `/api/incident/${incidentID}/events.ndjson` }),
      await asWriter({
        method: 'POST',
        url: `/api/incident/${incidentID}/link`,
        payload: { url: 'javascript:alert(1)' },
      }),
    ];
    // Read from another origin's page, an answer must neither be shared (no CORS) nor embeddable.
    answers.push(await asWriter({ url: `/api/incident/${incidentID}`, headers: { origin: 'https://evil.example' } }));
    for (const response of answers) {
      const where = `${response.statusCode} ${response.body.slice(0, 60)}`;
      tally.apiAnswers += 1;
      expectAppCsp(response, where);
      expect(response.headers['content-type'], where).toMatch(/^application\/(json|x-ndjson)/);
      expect(response.headers['access-control-allow-origin'], where).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
      expect(response.headers['referrer-policy'], where).toBe('no-referrer');
    }
  });

  it('keeps the session cookie from scripts and from other sites, and over https sends it only over https', async () => {
    const signInAs = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: writer.username, password: TEST_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
      return String(response.headers['set-cookie']);
    };
    const plain = await signInAs(server.app);
    expect(plain).toMatch(/^churchkey_session=[^;]{32,};/);
    expect(plain).toMatch(/; HttpOnly/i);
    expect(plain).toMatch(/; SameSite=Lax/i);
    expect(plain).toMatch(/; Path=\/(;|$)/);
    const config = loadConfig({ DATA_DIR: server.config.dataDir, PUBLIC_URL: 'https://churchkey.example' });
    const behindTls = await buildApp({ db: server.db, config, version: TEST_VERSION }, { appDir: '/nonexistent' });
    try {
      expect(await signInAs(behindTls)).toMatch(/; Secure/i);
    } finally {
      await behindTls.close();
    }
  });

  it('serves every hostile upload, by every route that serves stored bytes, so that it cannot run', async () => {
    for (const [label, name, type, body] of HOSTILE_UPLOADS) {
      const form = new FormData();
      form.append('file', new File([body], name, { type }));
      const created = await asWriter({ method: 'POST', url: `/api/incident/${incidentID}/upload`, payload: form });
      expect(created.statusCode, `${label}: ${created.body}`).toBe(201);
      const upload = created.json().upload as { id: number; fileName: string };
      for (const [how, response] of [
        ['GET', await asWriter({ url: `/api/upload/${upload.id}/content` })],
        ['HEAD', await asWriter({ method: 'HEAD', url: `/api/upload/${upload.id}/content` })],
        ['a byte range', await asWriter({ url: `/api/upload/${upload.id}/content`, headers: { range: 'bytes=0-9' } })],
      ] as const) {
        expect(response.statusCode, `${label} by ${how}`).toBe(how === 'a byte range' ? 206 : 200);
        expectHarmless(response, `${label} by ${how}`);
      }
      // The description names the file as text inside JSON.
      const described = await asWriter({ url: `/api/upload/${upload.id}` });
      expect(described.headers['content-type']).toMatch(/^application\/json/);
      expect(described.json().upload.fileName).toBe(upload.fileName);
    }
  });

  it("serves an import's kept source file and a map's raw file, named and typed as HTML, so that they cannot run", async () => {
    const importForm = new FormData();
    importForm.append('streamName', 'hostile import');
    importForm.append(
      'file',
      new File([Uint8Array.from(fixture(IMPORT_FILE))], `${SCRIPT}.jsonl`, { type: 'text/html' }),
    );
    const imported = await asWriter({ method: 'POST', url: `/api/incident/${incidentID}/import`, payload: importForm });
    expect(imported.statusCode, imported.body).toBe(201);
    const source = await asWriter({ url: `/api/upload/${imported.json().import.uploadID}/content` });
    expect(source.statusCode).toBe(200);
    expectHarmless(source, "an import's source file");

    const mapForm = new FormData();
    mapForm.append('file', new File([Uint8Array.from(fixture(MAP_FILE))], `${SCRIPT}.html`, { type: 'text/html' }));
    const map = await asWriter({ method: 'POST', url: `/api/incident/${incidentID}/map`, payload: mapForm });
    expect(map.statusCode, map.body).toBe(201);
    const { id: mapID, upload } = map.json().map as { id: number; upload: { id: number } };
    for (const [how, response] of [
      ['GET …/raw', await asWriter({ url: `/api/incident/${incidentID}/analyst/${writer.userID}/map/${mapID}/raw` })],
      [
        'HEAD …/raw',
        await asWriter({
          method: 'HEAD',
          url: `/api/incident/${incidentID}/analyst/${writer.userID}/map/${mapID}/raw`,
        }),
      ],
      ["the map's upload", await asWriter({ url: `/api/upload/${upload.id}/content` })],
    ] as const) {
      expect(response.statusCode, how).toBe(200);
      expectHarmless(response, `the map file by ${how}`);
    }
  });

  it('refuses every link that is not http(s), with a 400 naming url, and stores nothing', async () => {
    const before = await snapshotTables(server.db, ['sessions']);
    for (const url of BAD_URLS) {
      for (const target of [{}, { streamID }]) {
        const response = await asWriter({
          method: 'POST',
          url: `/api/incident/${incidentID}/link`,
          payload: { url, urlType: 'other', ...target },
        });
        tally.badUrls += 1;
        expect(response.statusCode, JSON.stringify(url)).toBe(400);
        expect(response.json().error, JSON.stringify(url)).toMatchObject({
          code: 'invalid',
          field: 'url',
          message: expect.stringMatching(/^url .*(http or https|control characters)/),
        });
      }
    }
    const changed = changedTables(before, await snapshotTables(server.db, ['sessions']));
    tally.badUrlsStored = changed.length;
    expect(changed).toEqual([]);
    // The same call takes http(s) in any case, kept as sent (trimmed), so the refusals above are about the scheme.
    for (const url of [
      'https://example.org/runbook?a=1#b',
      ' HTTP://EXAMPLE.ORG/Page ',
      'http://127.0.0.1:3000/grafana',
    ]) {
      const response = await asWriter({ method: 'POST', url: `/api/incident/${incidentID}/link`, payload: { url } });
      expect(response.statusCode, url).toBe(201);
    }
    const stored = await server.db.query<{ url: string }>('SELECT url FROM links WHERE incident_id = $1 ORDER BY id', [
      incidentID,
    ]);
    expect(stored.map((row) => row.url)).toEqual([
      'https://example.org/runbook?a=1#b',
      'HTTP://EXAMPLE.ORG/Page',
      'http://127.0.0.1:3000/grafana',
    ]);
  });

  it('never sends a signed-in browser off this origin, nor echoes markup, from the sign-in return address', async () => {
    for (const from of [
      'javascript:alert(1)',
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      `/"><script>alert(1)</script>`,
    ]) {
      const page = await server.app.inject({ url: `/auth/login?from=${encodeURIComponent(from)}` });
      expect(page.statusCode).toBe(200);
      expect(page.body, from).not.toContain('<script>alert(1)');
      expect(page.body, from).not.toContain('evil.example');
      const redirect = await writer.request({ url: `/auth/login?from=${encodeURIComponent(from)}` });
      expect(redirect.statusCode).toBe(303);
      expect(String(redirect.headers.location), from).toMatch(/^\/(?![/\\])/);
      expect(String(redirect.headers.location), from).not.toContain('<');
    }
    const refused = await server.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: `username=${encodeURIComponent('<img src=x onerror=alert(1)>')}&password=wrong&from=${encodeURIComponent('"><script>alert(1)</script>')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(401);
    expectAppCsp(refused, 'the refused sign-in page');
    expect(refused.body).not.toContain('<img src=x');
    expect(refused.body).not.toContain('<script>alert(1)');
  });
});

afterAll(() => {
  if (tallies.size === 0) return;
  const rows = [...tallies].map(
    ([kind, t]) =>
      `| ${kind} | ${t.htmlPages} | ${t.apiAnswers} | ${HOSTILE_UPLOADS.length} + import + map | ${t.uploadAnswers} | ${t.executableServed} | ${t.inlineWhereCouldRun} | ${t.missingNosniff} | ${t.badUrls} | ${t.badUrlsStored} |`,
  );
  recordFigures(
    '7-security-headers',
    `### Security headers and content, server half (part 7)

The app's HTML (built dist/), its deep links and the sign-in page, and API answers (refusals included) checked for the CSP (no 'unsafe-eval' or 'unsafe-inline' for scripts, object-src 'none', frame-ancestors 'none', base-uri 'self') and nosniff. ${HOSTILE_UPLOADS.length} hostile uploads (an HTML page, an SVG with script, a file named \`<script>.html\`, XHTML, XML, JavaScript, HTML typed as PNG or untyped, a PDF with JavaScript, CSS, multipart, a name breaking the header), an import's source and a map's file named and typed as HTML, each fetched by GET, HEAD and a byte range (map: …/raw too). ${BAD_URLS.length} link addresses that are not http(s) (javascript:, data:, vbscript:, file:, blob:, mixed case, whitespace and control characters before or inside the scheme, protocol-relative, malformed http) sent to POST …/link, with and without a stream. Goal: 0 stored bytes served with a type that can run, 0 inline where it could run, 0 without nosniff, every bad link refused with a 400 naming \`url\`, 0 tables changed.

| database | HTML pages | API answers | hostile files | answers serving stored bytes | served with a type that can run | inline where it could run | without nosniff | bad links sent | tables changed by them |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
  );
});
