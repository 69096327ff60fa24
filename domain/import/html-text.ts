/*
 * The text of a message its producer marks as HTML (Microsoft Graph's Teams and Outlook messages:
 * body.contentType "html"; Skype's RichText): block ends and <br> as line breaks, other tags dropped, character
 * references decoded, runs of blanks within a line made one. The markup itself is never shown as
 * markup: the timeline renders text, so this only makes it readable.
 */

// The five XML ones, and the quotes and dashes exporters write by name (Telegram's «title»).
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};
const BREAKS = /<br\s*\/?>|<\/(?:p|div|li|tr|h[1-6]|blockquote)\s*>/gi;
const TAGS = /<[^>]*>/g;
const REFERENCES = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,6}));/gi;

function character(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

export function htmlText(html: string): string {
  const text = html
    .replace(BREAKS, '\n')
    .replace(TAGS, '')
    .replace(REFERENCES, (whole, decimal?: string, hex?: string, name?: string) =>
      decimal !== undefined
        ? character(Number(decimal), whole)
        : hex !== undefined
          ? character(parseInt(hex, 16), whole)
          : (NAMED[(name ?? '').toLowerCase()] ?? whole),
    );
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Whether the object holding a message says its content is HTML: Graph's {"contentType": "html",
 * "content": …}, or a Skype export's {"messagetype": "RichText", "content": …} ("RichText/UriObject"
 * and the like for media).
 */
export function markedAsHtml(holder: unknown): boolean {
  if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) return false;
  const type = (holder as Record<string, unknown>)['contentType'];
  const skypeType = (holder as Record<string, unknown>)['messagetype'];
  return (
    (typeof type === 'string' && type.toLowerCase() === 'html') ||
    (typeof skypeType === 'string' && /^RichText(?:\/|$)/.test(skypeType))
  );
}
