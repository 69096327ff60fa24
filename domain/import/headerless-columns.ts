/*
 * Column names for headerless CSV logs whose producer documents a fixed layout, told by the values
 * where the layout puts them. PostgreSQL's csvlog ("Using CSV-Format Log Output"): 23 columns up to
 * version 12, backend_type added in 13, leader_pid and query_id in 14; error_severity and the
 * five-character SQLSTATE at columns 12 and 13 say it is one. IIS's own log file format ("IIS Log
 * File Format", local times, ", " between 15 fields and one after the last): the service instance
 * (W3SVC1, MSFTPSVC1, SMTPSVC1) in column 5 and the request type in column 13 say it is one.
 */
const POSTGRES_CSVLOG = [
  'log_time',
  'user_name',
  'database_name',
  'process_id',
  'connection_from',
  'session_id',
  'session_line_num',
  'command_tag',
  'session_start_time',
  'virtual_transaction_id',
  'transaction_id',
  'error_severity',
  'sql_state_code',
  'message',
  'detail',
  'hint',
  'internal_query',
  'internal_query_pos',
  'context',
  'query',
  'query_pos',
  'location',
  'application_name',
  'backend_type',
  'leader_pid',
  'query_id',
];
const POSTGRES_WIDTHS = new Set([23, 24, 26]);
const SEVERITY = /^(?:DEBUG[1-5]|INFO|NOTICE|WARNING|ERROR|LOG|FATAL|PANIC)$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;

// Named as the W3C fields holding the same values, so the request reads as a W3C log's does.
const IIS_NATIVE = [
  'c-ip',
  'cs-username',
  'date',
  'time',
  's-sitename',
  's-computername',
  's-ip',
  'time-taken',
  'cs-bytes',
  'sc-bytes',
  'sc-status',
  'sc-win32-status',
  'cs-method',
  'cs-uri-stem',
  'cs-uri-query',
];
const IIS_SERVICE = /^\s*(?:W3SVC|MSFTPSVC|SMTPSVC|NNTPSVC)\d*\s*$/;
const IIS_METHOD = /^\s*[A-Z][A-Z-]{1,15}\s*$/;

/** The documented names of a headerless layout these rows fit, with what it is; else undefined. */
export function headerlessColumns(
  width: number,
  rows: readonly (readonly string[])[],
): { names: string[]; note: string } | undefined {
  if (rows.length === 0) return undefined;
  if (width === IIS_NATIVE.length) {
    const iis = rows.filter((row) => IIS_SERVICE.test(row[4] ?? '') && IIS_METHOD.test(row[12] ?? '')).length;
    if (iis >= rows.length * 0.8)
      return {
        names: [...IIS_NATIVE],
        note: "IIS's own log file format: its 15 documented columns, named as the W3C fields holding the same values",
      };
  }
  if (!POSTGRES_WIDTHS.has(width)) return undefined;
  const fitting = rows.filter((row) => SEVERITY.test(row[11] ?? '') && SQLSTATE.test(row[12] ?? '')).length;
  if (fitting < rows.length * 0.8) return undefined;
  return {
    names: POSTGRES_CSVLOG.slice(0, width),
    note: `columns named as PostgreSQL's csvlog writes them (${width} columns)`,
  };
}
