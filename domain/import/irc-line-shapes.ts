/*
 * The shapes of IRC and chat log lines, by client: what parse-irc.ts reads and detect-irc.ts counts as
 * evidence. Each is anchored and bounded, so a long line is matched in one pass.
 */
const CLOCK = String.raw`(\d{1,2}):(\d{2}):(\d{2})`;
// "**** BEGIN LOGGING AT Mon Dec 31 21:11:55 2011" in any language: ctime's date stays English.
export const XCHAT_SESSION = new RegExp(String.raw`^\*{4} (.+?) \w{3} (\w{3}) +(\d{1,2}) ${CLOCK} (\d{4})\s*$`);
export const IRSSI_SESSION =
  /^--- (Log opened|Log closed) \S+ (\S+) +(\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))? (\d{4})\s*$/;
export const IRSSI_DAY = /^--- Day changed \S+ (\S+) +(\d{1,2}) (\d{4})\s*$/;
export const MIRC_SESSION = new RegExp(
  String.raw`^Session (Start|Close|Time): \w{3} (\w{3}) +(\d{1,2}) ${CLOCK} (\d{4})\s*$`,
);
export const MIRC_IDENT = /^Session Ident: /;
// Chatterino (Twitch): "# Start logging at 2024-03-05 12:00:00 Central European Standard Time" opens
// each file, then "[12:00:01]  nick: text" (the zone is the machine's, named in words, so not read).
export const CHATTERINO_SESSION = /^# (Start|Stop) logging at (\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\b/;
// Its nick: a display name, perhaps with the login after it ("名前 (login)"), then a colon.
export const COLON_NICK = /^[ \t]*([^\s:<>[\]]{1,40}(?: \(\w{1,40}\))?): ([^]*)$/;
export const SCROLLBACK = /^T (\d{9,11}) ([^]*)$/;
export const WEECHAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\t([^]*)$/;
export const MONTH_DAY = new RegExp(
  String.raw`^(\p{L}{3,5}\.?) +(\d{1,2}) (\d{1,2}:\d{2}:\d{2})(?=[ \t]|$)([^]*)$`,
  'u',
);
export const TIME_ONLY = /^(\[?)(\d{1,2}):(\d{2})(?::(\d{2}))?(\]?)(?=[ \t]|$)/;
// Zoom: "From <name> to <recipient>:" (2021 on; "(Direct Message)" or "(privately)" after a person), or "From <name> : text".
export const ZOOM_TO = /^(\d{1,2}):(\d{2}):(\d{2})[ \t]+From[ \t]+(.+?)[ \t]+to[ \t]+(.+?)[ \t]*:[ \t]*([^]*)$/;
// LINE: "[LINE] Chat history with Ops" and "Saved on: 2024/03/06 09:00" head the file in the app's language
// ("[LINE] Opsのトーク履歴", "保存日時：2024/03/06 09:00" with a full-width colon, "Disimpan pada: …"): the
// "[LINE] " mark, or a label of words, a colon and the save time; a day is "2024/03/05(Tue)", "2024.03.05
// Tuesday" or (older iOS) "Tue, 3/5/2024".
export const LINE_HEADER =
  /^(?:\[LINE\] |[\p{L}\p{M}][\p{L}\p{M} ]{0,29}[:：] ?\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}\s*$)/u;
// Chinese and Japanese exports may close the weekday in full-width parentheses ("2024/11/06（週三）").
export const LINE_DAY = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:\s*[(（][^\s()（）]{1,9}[)）]|\s+\p{L}{2,12})?\s*$/u;
export const LINE_DAY_US = /^\p{L}{2,9}, (\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/u;
export const LINE_MESSAGE = /^(\d{1,2}):(\d{2})\t([^\t]*)\t([^]*)$/;
export const ZOOM_OLD = /^(\d{1,2}):(\d{2}):(\d{2})[ \t]+From[ \t]+(.+?)[ \t]+:[ \t]?([^]*)$/;

// A full date and time then the line (Textual's "[2024-03-05T12:00:00+0000] <nick> text", Limnoria's
// ChannelLogger "2024-03-05T12:00:00  <nick> text", a client set to log dates): ISO order, offset optional.
export const DATED_IRC =
  /^(\[?)(\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)(\]?)[ \t]+(?=\S)/;
