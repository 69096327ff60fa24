/*
 * Whether sample lines are an IRC log, and which client wrote it, from the shapes of its lines. Lines
 * with a month and time (XChat) or a bare time (irssi, ZNC, mIRC) count only when what follows looks
 * like IRC (`<nick>`, `*`, `-->`, `-!-`…), so syslog's `Dec 31 21:11:55 host prog:` is not taken.
 */
import type { FamilyDetection } from './format-detection.ts';
import {
  CHATTERINO_SESSION,
  COLON_NICK,
  DATED_IRC,
  IRSSI_DAY,
  IRSSI_SESSION,
  LINE_DAY,
  LINE_DAY_US,
  LINE_HEADER,
  LINE_MESSAGE,
  MIRC_SESSION,
  MONTH_DAY,
  SCROLLBACK,
  TIME_ONLY,
  WEECHAT,
  XCHAT_SESSION,
  ZOOM_OLD,
  ZOOM_TO,
} from './irc-line-shapes.ts';
import { isoDate, monthNumber } from './chat-time.ts';

type Dialect =
  | 'XChat/HexChat'
  | 'HexChat scrollback'
  | 'irssi'
  | 'weechat'
  | 'ZNC/mIRC'
  | 'Textual/Limnoria'
  | 'Zoom'
  | 'LINE'
  | 'Chatterino';

// Textual marks joins, parts and other events with a bullet.
const IRC_BODY = /^[ \t]*(?:<[ @+%~&!]?[^<>\s]+>|\*[ \t]|-->|<--|---|-!-|\*\*\*|•[ \t]|-[^\s-]\S*-[ \t])/;
// weechat's prefix column for joins, parts, network notices and actions.
const WEECHAT_STATUS = new Set(['-->', '<--', '--', '*', '=!=', '-=-']);
const FILE_DATE = /(?:^|\D)((?:19|20)\d{2})-?(\d{2})-?(\d{2})(?:\D|$)/;

export function detectIrc(lines: readonly string[], fileName: string): FamilyDetection | undefined {
  const counts = new Map<Dialect, number>();
  const count = (dialect: Dialect) => counts.set(dialect, (counts.get(dialect) ?? 0) + 1);
  let sessions = 0;
  let dated = false;
  let undatedFirst = false;
  let nonBlank = 0;
  let weechatFirst: boolean | undefined;
  let weechatStatus = 0;
  let afterZoom = false;
  let afterLine = false;
  let chatterino = false;
  for (const raw of lines) {
    const line = raw.trimStart();
    // A Zoom message's text is on the indented lines after its time: part of that line.
    if (line === '' || (afterZoom && line !== raw)) continue;
    afterZoom = false;
    const lineDay = LINE_DAY.test(line) || LINE_DAY_US.test(line);
    const lineMessage = LINE_MESSAGE.test(line);
    // LINE's header, and the lines of a text after its first, say nothing of the dialect.
    if (LINE_HEADER.test(line) || (afterLine && !lineDay && !lineMessage)) continue;
    afterLine = false;
    nonBlank += 1;
    if (lineDay) {
      sessions += 1;
      dated = true;
      continue;
    }
    if (lineMessage) {
      count('LINE');
      afterLine = true;
      if (!dated) undatedFirst = true;
      continue;
    }
    const weechat = WEECHAT.exec(line);
    weechatFirst ??= weechat !== null;
    if (CHATTERINO_SESSION.test(line)) {
      chatterino = true;
      sessions += 1;
      dated = true;
      continue;
    }
    if (
      XCHAT_SESSION.test(line) ||
      IRSSI_SESSION.test(line) ||
      MIRC_SESSION.test(line) ||
      IRSSI_DAY.test(line) ||
      /^Session Ident: /.test(line)
    ) {
      sessions += 1;
      dated = true;
      continue;
    }
    const monthDay = MONTH_DAY.exec(line);
    const withDate = weechat === null ? DATED_IRC.exec(line) : null;
    if (ZOOM_TO.test(line) || ZOOM_OLD.test(line)) {
      count('Zoom');
      afterZoom = true;
      if (!dated) undatedFirst = true;
      // Its text on the indented lines after it is part of the message.
      continue;
    }
    if (SCROLLBACK.test(line)) count('HexChat scrollback');
    else if (weechat !== null) {
      count('weechat');
      if (WEECHAT_STATUS.has(weechat[7]?.split('\t')[0]?.trim() ?? '')) weechatStatus += 1;
    } else if (withDate !== null && IRC_BODY.test(line.slice(withDate[0].length))) count('Textual/Limnoria');
    else if (monthDay !== null && monthNumber(monthDay[1] ?? '') !== undefined && IRC_BODY.test(monthDay[4] ?? '')) {
      count('XChat/HexChat');
      if (!dated) undatedFirst = true;
    } else {
      const time = TIME_ONLY.exec(line);
      if (time === null) continue;
      const body = line.slice(time[0].length);
      if (chatterino && time[1] === '[' && COLON_NICK.test(body) && !IRC_BODY.test(body)) {
        count('Chatterino');
        continue;
      }
      if (!IRC_BODY.test(body)) continue;
      count(time[1] === '[' ? 'ZNC/mIRC' : 'irssi');
      if (!dated) undatedFirst = true;
    }
  }
  // A TSV of "date time<TAB>name<TAB>text" reads like weechat: a weechat log has no header, hardly
  // another line, and shows joins or parts (or has weechat's file name).
  const weechatLines = counts.get('weechat') ?? 0;
  const weechatName = /\.weechatlog$/i.test(fileName);
  if (
    weechatLines > 0 &&
    !(weechatFirst === true && weechatLines * 10 >= nonBlank * 9 && (weechatStatus > 0 || weechatName))
  )
    counts.delete('weechat');
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [dialect, lineCount] = ranked[0] ?? [undefined, 0];
  const recognised = sessions + [...counts.values()].reduce((sum, value) => sum + value, 0);
  // XChat's status lines ("Topic for #x set by y") have no IRC mark, so a third of the lines is enough.
  if (dialect === undefined || lineCount < Math.min(2, nonBlank) || recognised * 3 < nonBlank) return undefined;
  const fileDate = FILE_DATE.exec(fileName);
  const startDate =
    fileDate === null ? undefined : isoDate(Number(fileDate[1]), Number(fileDate[2]), Number(fileDate[3]));
  const evidence =
    dialect === 'Zoom' || dialect === 'LINE' || dialect === 'Chatterino'
      ? `${CHAT_NAMES[dialect]}: ${lineCount} of ${nonBlank} lines are ${shapeOf(dialect)}`
      : `${dialect} IRC log: ${lineCount} of ${nonBlank} lines are ${shapeOf(dialect)}`;
  const sessionNote = sessions > 0 ? `, ${sessions} session or day line(s) give the date` : '';
  let dateNote = '';
  if (undatedFirst) {
    dateNote =
      startDate === undefined
        ? `; ${dialect === 'Zoom' ? 'the times have no date' : 'lines before the first session line have no year or date'} and none is in the file name: they are read on the day of the incident's first event unless you set the start date`
        : `; the date of lines before any session line is ${startDate}, from the file name`;
  }
  const zoneNote =
    dialect === 'HexChat scrollback'
      ? '; times are epoch seconds (UTC)'
      : dialect === 'Textual/Limnoria'
        ? '; times with a UTC offset are read as written, others in the chosen time zone'
        : '; times are local, read in the chosen time zone';
  return {
    format: 'irc',
    reason: `${evidence}${sessionNote}${dateNote}${zoneNote}`,
    settings: { format: 'irc', timeZone: 'UTC', ...(undatedFirst && startDate !== undefined ? { startDate } : {}) },
  };
}

const CHAT_NAMES = { Zoom: 'Zoom meeting chat', LINE: 'LINE chat history', Chatterino: 'Chatterino (Twitch) chat log' };

function shapeOf(dialect: Dialect): string {
  switch (dialect) {
    case 'XChat/HexChat':
      return 'a month, day and time then a nick or status mark (the year from the session line)';
    case 'HexChat scrollback':
      return '"T", epoch seconds, then the line';
    case 'weechat':
      return 'a date and time, a tab, the nick, a tab and the text';
    case 'irssi':
      return 'a time then a nick or status mark';
    case 'Textual/Limnoria':
      return 'a date and time then a nick or status mark';
    case 'ZNC/mIRC':
      return 'a time in brackets then a nick or status mark';
    case 'Zoom':
      return 'a time of day then "From" the sender (to the recipient), the text after it';
    case 'Chatterino':
      return 'a time in brackets then "nick: text" (the date from the "# Start logging at" line)';
    case 'LINE':
      return 'a time of day, a tab, the sender, a tab and the text (the date from the day lines)';
  }
}
