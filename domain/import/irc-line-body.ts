/*
 * What follows an IRC log line's time, shared by every client's dialect: `<nick> text` (with a mode
 * prefix such as @ or +, irssi's padded `< nick>`), `* nick action`, `-nick- notice`, and status
 * lines (`-->` joins, `<--` parts, `---`, `-!-`, `***`) whose actor is left empty.
 */
type IrcLineKind = 'message' | 'action' | 'notice' | 'join' | 'part' | 'status';

interface IrcLineBody {
  readonly actor: string;
  readonly message: string;
  readonly kind: IrcLineKind;
}

// RFC 2812 nick characters, plus the mode prefixes (@ op, + voice, % half-op, ~ owner, & admin) logs print.
const NICK = /^[@+%~&!]?([A-Za-z[\]\\`_^{|}][A-Za-z0-9[\]\\`_^{|}-]*)$/;
const BRACKETED = /^<[ @+%~&!]?([^<>\s]+)>[ \t]?([^]*)$/;
const NOTICE = /^-([^\s-][^\s]*?)-[ \t]+([^]*)$/;
const STATUS = /^(-->|<--|---|-!-|\*\*\*|--|=!=|<->|-\*-|>>>|<<<|•)[ \t]*([^]*)$/;
const ACTION = /^\*[ \t]+([^]*)$/;
// mIRC colours (\x03 with up to two numbers), bold, italics, underline, reverse, reset, HexChat's hidden-text
// mark. Built from code points: these control characters are what the pattern is for.
const CONTROL = (code: number) => String.fromCharCode(code);
const FORMATTING = new RegExp(
  `${CONTROL(3)}(?:\\d{1,2}(?:,\\d{1,2})?)?|[${[2, 8, 0x0f, 0x11, 0x16, 0x1d, 0x1e, 0x1f].map(CONTROL).join('')}]`,
  'g',
);

export function withoutFormatting(text: string): string {
  return text.replace(FORMATTING, '');
}

/**
 * The actor, message and kind of a line's text after its time. Before a tab is a column of its own
 * (weechat, HexChat), where a bare word is the nick; elsewhere a nick is only one in brackets or acting.
 */
export function ircLineBody(text: string): IrcLineBody {
  const tab = text.indexOf('\t');
  if (tab !== -1) {
    const column = text.slice(0, tab).trim();
    const rest = text.slice(tab + 1);
    const nick = NICK.exec(column);
    if (nick?.[1] !== undefined) return { actor: nick[1], message: rest, kind: 'message' };
    if (column === '*') return actionOf(rest.trim());
    if (column === '') return { actor: '', message: rest.trim(), kind: 'status' };
    return bodyOf(`${column} ${rest}`);
  }
  return bodyOf(text);
}

function bodyOf(raw: string): IrcLineBody {
  const text = raw.trim();
  const bracketed = BRACKETED.exec(text);
  if (bracketed?.[1] !== undefined) return { actor: bracketed[1], message: bracketed[2] ?? '', kind: 'message' };
  const action = ACTION.exec(text);
  if (action?.[1] !== undefined) return actionOf(action[1]);
  const status = STATUS.exec(text);
  if (status?.[1] !== undefined) {
    const mark = status[1];
    const kind = mark === '-->' || mark === '>>>' ? 'join' : mark === '<--' || mark === '<<<' ? 'part' : 'status';
    return { actor: '', message: status[2] ?? '', kind };
  }
  const notice = NOTICE.exec(text);
  if (notice?.[1] !== undefined && NICK.test(notice[1]))
    return { actor: notice[1], message: notice[2] ?? '', kind: 'notice' };
  return { actor: '', message: text, kind: 'status' };
}

// mIRC and HexChat print their own notices with the same `*` as an action: `* Now talking in #ops`,
// `* Topic is '…'`, `* Set by …`, `* Disconnected`, and what happened to a nick, `* carol has joined #ops`.
const CLIENT_STATUS =
  /^(?:Now talking (?:in|on)|Topic (?:is|for)|Set by|Disconnected|Attempting to rejoin|Rejoined|Retrieving|Connecting to|Looking up|Local host|You have (?:joined|left)|You are now known|You're now known)\b/;
const NICK_EVENT =
  /^\S+ (?:\([^)]*\) )?(has joined|has left|has quit|is now known as|sets mode|was kicked|changes topic|has changed the topic)\b/;

/** `* nick waves`: the nick acts; a `*` line whose first word is no nick (`* ST=Mosca`), or a client's notice, is status text. */
function actionOf(text: string): IrcLineBody {
  if (CLIENT_STATUS.test(text)) return { actor: '', message: text, kind: 'status' };
  const event = NICK_EVENT.exec(text)?.[1];
  if (event !== undefined)
    return {
      actor: '',
      message: text,
      kind: event === 'has joined' ? 'join' : event === 'has left' || event === 'has quit' ? 'part' : 'status',
    };
  const space = text.search(/\s/);
  const first = space === -1 ? text : text.slice(0, space);
  const nick = NICK.exec(first);
  if (nick?.[1] === undefined) return { actor: '', message: text, kind: 'status' };
  return { actor: nick[1], message: text, kind: 'action' };
}
