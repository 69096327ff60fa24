/*
 * The header of one syslog line as every grammar reads it (syslog-line.ts and service-log-line.ts), kept
 * apart so the readers can share it without importing each other.
 */
import type { CivilTime } from './local-micros.ts';

export interface SyslogHeader {
  readonly grammar: 'rfc3164' | 'rfc5424' | 'iso' | 'logcat' | 'redis' | 'klog' | 'asterisk' | 'fast-alert';
  readonly priority: number | undefined;
  /** year is 0 when the line has none (RFC 3164): the reader supplies it. */
  readonly time: CivilTime;
  /** Minutes east of UTC, or undefined for a local time read in the file's zone. */
  readonly offsetMinutes: number | undefined;
  readonly host: string | undefined;
  readonly program: string | undefined;
  readonly pid: string | undefined;
  readonly msgid: string | undefined;
  /** The thread id (logcat, klog, Asterisk). */
  readonly thread?: string | undefined;
  /** Redis's role of the process (master, replica, child, sentinel). */
  readonly role?: string | undefined;
  readonly structuredData: string | undefined;
  readonly message: string;
  /** Characters before the message: the syslog prefix another grammar may follow. */
  readonly prefixLength: number;
}
