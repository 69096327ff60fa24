/*
 * Whether a file is Telegram Desktop's HTML chat export: its page of `message` divs under the chat's
 * history, messages with a sender and a time in their date's title. Counted in the sample, so a page
 * that only borrows a class name is not taken.
 */
import type { FamilyDetection } from './format-detection.ts';
import { countNoun } from '../count-noun.ts';

const DEFAULT_MESSAGE = /<div class="message default clearfix(?: joined)?" id="message-?\d+">/g;
const TIMED =
  /<div class="pull_right date details" title="\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}( UTC[+-]\d{2}:?\d{2})?">/g;

export function detectTelegramHtml(text: string): FamilyDetection | undefined {
  const start = text.trimStart();
  if (!start.startsWith('<') || !text.includes('<div class="history">')) return undefined;
  const messages = text.match(DEFAULT_MESSAGE)?.length ?? 0;
  const times = [...text.matchAll(TIMED)];
  if (messages === 0 || times.length === 0) return undefined;
  const withOffset = times.filter((time) => time[1] !== undefined).length;
  const zone =
    withOffset === times.length
      ? 'times carry their UTC offset'
      : 'times without a UTC offset (older exports) are the exporting computer’s, read in the chosen time zone';
  return {
    format: 'irc',
    reason: `Telegram Desktop chat export (HTML): ${countNoun(messages, 'message')} in the sample, each with its time in the date's title; the sender's name is the actor, a message joined to the one before is the same sender's, a forwarded message keeps its original author in extra; ${zone}; service messages (joins, invitations) have no time in this export and are listed as not imported`,
    settings: { format: 'irc', timeZone: 'UTC', layout: 'telegram-html' },
  };
}
