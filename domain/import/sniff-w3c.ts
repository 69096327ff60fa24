/*
 * W3C extended log files (IIS, Incapsula, Windows Firewall's pfirewall.log, CloudFront, Exchange's message
 * tracking): "#Software",
 * "#Version", "#Date" and "#Fields:" directives, fields named by the last "#Fields:" line (the block
 * repeats after every service restart), separated by spaces, or by tabs where the producer writes them
 * so (CloudFront's standard logs: the #Fields line itself stays space-separated), or as CSV under a
 * comma-separated #Fields line with one date-time field (Exchange). date and time are one UTC instant unless the file says
 * "#Time Format: Local". The actor is the client address; the message is built from the request.
 */
import { messageComposer } from './composed-message.ts';
import { columnNames } from './delimited-record.ts';
import type { DelimitedGuess } from './delimited-guess.ts';
import { splitLine } from './split-line.ts';

const DIRECTIVE = /^#(Software|Version|Date|Fields|Remark|Start-Date|End-Date|Time Format):/;
const ACTORS = ['c-ip', 'src-ip', 's-ip', 'cs-username', 's-computername', 'sender-address'];
const MESSAGES = ['message', 'cs-message', 'x-message'];

/** True when the text starts with W3C directives and has a #Fields: line among them. */
export function isW3cLog(text: string): boolean {
  const head = text.split('\n', 12).map((line) => line.trim());
  return DIRECTIVE.test(head[0] ?? '') && head.some((line) => line.startsWith('#Fields:'));
}

export function sniffW3c(text: string, complete: boolean): DelimitedGuess | string {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (!complete) lines.pop();
  const fieldsLine = lines.find((line) => line.startsWith('#Fields:')) ?? '';
  const names = fieldsLine.slice('#Fields:'.length).trim();
  // Exchange's message tracking logs name their fields with commas, and write CSV rows under them.
  const commas = !/\s/.test(names) && names.includes(',');
  const columns = columnNames(names.split(commas ? ',' : /\s+/));
  const data = lines.filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const quoted = commas || (data.length > 0 && data.every((line) => line.startsWith('"')));
  const tabbed =
    !quoted && data.length > 0 && data.slice(0, 10).every((line) => line.split('\t').length === columns.length);
  const delimiter = commas ? ',' : tabbed ? '\t' : ' ';
  const sampleRows = data.slice(0, 10).map((line) => splitLine(line, delimiter, quoted));
  const index = (name: string) => columns.findIndex((column) => column.toLowerCase() === name);
  const dateTime = index('date-time');
  const date = dateTime !== -1 ? dateTime : index('date');
  const time = dateTime !== -1 ? -1 : index('time');
  if (time === -1 && date === -1) return 'a W3C log whose #Fields line names no date or time field';
  const local = lines.some((line) => /^#Time Format:\s*Local/i.test(line));
  const actor = ACTORS.map(index).find((at) => at !== -1);
  const message = MESSAGES.map(index).find((at) => at !== -1);
  const restarts = lines.filter((line) => line.startsWith('#Fields:')).length;
  const notes = [
    `a W3C extended log (${
      lines
        .find((line) => line.startsWith('#Software:'))
        ?.slice(10)
        .trim() || 'no #Software line'
    }): ${commas ? 'comma' : tabbed ? 'tab' : 'space'}-separated${quoted && !commas ? ', every field quoted' : ''}, columns named by each #Fields: line${restarts > 1 ? ` (${restarts} header blocks in the first 64 KiB)` : ''}`,
    dateTime !== -1
      ? 'start time: the date-time field'
      : date !== -1 && time !== -1
        ? `start time: the date and time fields as one ${local ? 'local time (#Time Format: Local)' : 'UTC instant'}`
        : `start time: the ${date !== -1 ? 'date' : 'time'} field`,
  ];
  if (actor !== undefined) notes.push(`actor: ${columns[actor] ?? ''}`);
  if (message === undefined) {
    const composer = messageComposer(columns);
    if (composer !== undefined) {
      const built =
        index('event-id') !== -1 && index('recipient-address') !== -1
          ? 'the event, its source, the sender, the recipients and the subject'
          : index('action') !== -1 && index('cs-method') === -1
            ? 'action, protocol and the source and destination addresses'
            : 'the method, URI stem and query and the status';
      notes.push(`message: built from ${built}${sampleRows[0] === undefined ? '' : ` ("${composer(sampleRows[0])}")`}`);
    } else notes.push("message: a summary of each row's first fields");
  } else notes.push(`message: ${columns[message] ?? ''}`);
  return {
    layout: {
      delimiter,
      quoted,
      preambleRows: 0,
      headerRows: 0,
      columnNames: columns,
      commentPrefix: '#',
      fieldsDirective: '#Fields:',
      nullValues: ['-'],
    },
    columns,
    mapping: {
      startTime: date !== -1 ? date : time,
      ...(date !== -1 && time !== -1 ? { startClock: time } : {}),
      ...(actor === undefined ? {} : { actor }),
      ...(message === undefined ? {} : { message }),
    },
    numericUnit: 'auto',
    dateOrder: undefined,
    timeZone: local ? undefined : 'UTC',
    sampleRows,
    notes,
  };
}
