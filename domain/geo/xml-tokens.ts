/*
 * A small streaming XML reader for the track formats (GPX, KML): start tags with attributes, end
 * tags and text, each with the line it starts on, read chunk by chunk so memory stays bounded by
 * one element, not the file. A DOM (togeojson on xmldom) would hold the whole file and loses the
 * line numbers an invalid point must name. Names lose their namespace prefix ("gx:Track" → "Track").
 */

type XmlToken =
  | {
      readonly kind: 'open';
      readonly name: string;
      readonly attributes: Readonly<Record<string, string>>;
      readonly selfClosing: boolean;
      readonly line: number;
    }
  | { readonly kind: 'close'; readonly name: string; readonly line: number }
  | { readonly kind: 'text'; readonly text: string; readonly line: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    // A reference past Unicode is left as written rather than refusing the file.
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

/** The end of the tag starting at `from` (the index after its ">"), skipping quoted values; -1 when not yet read. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let at = from + 1; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) quote = code;
    else if (code === 62) return at + 1;
  }
  return -1;
}

function tagToken(markup: string, line: number): XmlToken {
  if (markup.startsWith('</')) return { kind: 'close', name: localName(markup.slice(2, -1).trim()), line };
  const selfClosing = markup.endsWith('/>');
  const body = markup.slice(1, selfClosing ? -2 : -1);
  const nameEnd = body.search(/[\s/]|$/);
  const attributes: Record<string, string> = {};
  for (const match of body.slice(nameEnd).matchAll(ATTRIBUTE))
    attributes[localName(match[1]!)] = decodeEntities(match[2] ?? match[3] ?? '');
  return { kind: 'open', name: localName(body.slice(0, nameEnd)), attributes, selfClosing, line };
}

/** Batches of tokens in document order, one batch per chunk of text read. Throws on text that ends inside a tag. */
async function* xmlTokens(text: AsyncIterable<string>): AsyncGenerator<XmlToken[]> {
  let pending = '';
  let line = 1;
  for await (const chunk of text) {
    pending += chunk;
    const tokens: XmlToken[] = [];
    let at = 0;
    for (;;) {
      const open = pending.indexOf('<', at);
      if (open === -1) break;
      if (open > at) {
        const between = pending.slice(at, open);
        if (between.trim() !== '') tokens.push({ kind: 'text', text: decodeEntities(between), line });
        line += countLines(pending, at, open);
        at = open;
      }
      let end: number;
      if (pending.startsWith('<!--', open)) end = pending.indexOf('-->', open + 4) + 3;
      else if (pending.startsWith('<![CDATA[', open)) end = pending.indexOf(']]>', open + 9) + 3;
      else if (pending.startsWith('<?', open)) end = pending.indexOf('?>', open + 2) + 2;
      else end = tagEnd(pending, open);
      // -1 + 3 and -1 + 2 are "not found" for the searches above too.
      if (end <= open + 2) break;
      const markup = pending.slice(open, end);
      if (markup.startsWith('<![CDATA[')) tokens.push({ kind: 'text', text: markup.slice(9, -3), line });
      else if (!markup.startsWith('<!') && !markup.startsWith('<?')) tokens.push(tagToken(markup, line));
      line += countLines(pending, open, end);
      at = end;
    }
    pending = pending.slice(at);
    if (tokens.length > 0) yield tokens;
  }
  if (pending.includes('<')) throw new Error(`line ${line}: the file ends inside a tag`);
}

/** An element's end with its trimmed text, the element it closes into, and the line of the last start tag. */
interface XmlClose {
  readonly kind: 'close';
  readonly name: string;
  readonly value: string;
  readonly parent: string | undefined;
  readonly openLine: number;
}

type XmlElementToken = Extract<XmlToken, { kind: 'open' }> | XmlClose;

/**
 * Start tags as they are and end tags carrying the text read since the last tag, so the track
 * parsers only say what each element means. A self-closing tag has no end tag.
 */
export async function* xmlElements(text: AsyncIterable<string>): AsyncGenerator<XmlElementToken[]> {
  const stack: string[] = [];
  let content = '';
  let openLine = 0;
  for await (const tokens of xmlTokens(text)) {
    const out: XmlElementToken[] = [];
    for (const token of tokens) {
      if (token.kind === 'text') content += token.text;
      else if (token.kind === 'open') {
        content = '';
        openLine = token.line;
        if (!token.selfClosing) stack.push(token.name);
        out.push(token);
      } else {
        stack.pop();
        out.push({ kind: 'close', name: token.name, value: content.trim(), parent: stack.at(-1), openLine });
        content = '';
      }
    }
    yield out;
  }
}
