/*
 * The field names JSON producers give a record's start time, end time, actor and message, best first:
 * json-field-evidence.ts ranks the fields whose values fit by where their names stand here.
 */
// Earlier names win; a name matches a path's last key, or its last two keys joined ("userIdentity.arn").
export const START_NAMES = [
  // Traefik's access log: when the request started; its "time" is when the line was written, after it ended.
  'startutc',
  'timestamp',
  'time',
  'eventtime',
  'realtimetimestamp',
  // OpenTelemetry's log records (OTLP/JSON): when the event happened; observedTimeUnixNano is when it was collected.
  'timeunixnano',
  'datetime',
  'eventtimestamp',
  'ts',
  'date',
  'starttime',
  'startedat',
  'start',
  'created',
  'createdat',
  'createat',
  // Signal Desktop's export: every message was sent; only incoming ones were received.
  'sentat',
  'published',
  'logtime',
  'receivetimestamp',
  'receivedat',
  'submissiontimestamp',
  'sourcerealtimetimestamp',
  'creationdate',
  'timestampms',
  'timems',
  'timestampmillis',
  'timemillis',
  'epochms',
  'epochmillis',
  'createtime',
  'timecreated',
];
// A name no list holds still counts as a time's when it ends like one (EdgeStartTimestamp, EventReceivedTime).
export const START_SUFFIXES = ['timestamp', 'time', 'datetime', 'date'];
export const END_NAMES = ['endtime', 'endedat', 'end', 'stoptime', 'finishedat', 'enddate'];
// The words of a key (camelCase, snake_case, dotted) that say it ends a span (Cloudflare's
// EdgeEndTimestamp beside EdgeStartTimestamp), so a name ending like a time is an end, not a start.
export const ENDING_WORDS = new Set(['end', 'ended', 'stop', 'stopped', 'finish', 'finished', 'completed']);
export const keyWords = (key: string) =>
  key
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
// Serilog's compact JSON (CLEF) names its rendered message "@m" and its template "@mt"; read by the
// key as written, since "m" alone would match too much once the "@" is normalized away.
export const CLEF_MESSAGES = ['@m', '@mt'];
// Chat exports name the speaker (Telegram "from", Discord "author", Google Chat "creator.name", Teams
// "from.user.displayName"); network logs the client (Suricata
// "src_ip", Zeek "id.orig_h"), which says more than the service the line is about.
export const ACTOR_NAMES = [
  'actor',
  'useridentityarn',
  'username',
  'user',
  'caller',
  'principalemail',
  'principal',
  'userprincipalname',
  // Azure Monitor resource logs name the caller in identity.claim.upn.
  'claimupn',
  'principalid',
  'actoralternateid',
  'actordisplayname',
  'actorlogin',
  'from',
  'author',
  'authorname',
  'sender',
  'sendername',
  'fromname',
  'creatorname',
  'creator',
  'userdisplayname',
  'nick',
  'nickname',
  'speaker',
  'login',
  'acct',
  'host',
  'hostname',
  'computer',
  'computername',
  'machinename',
  'providername',
  'syslogidentifier',
  // macOS unified log (log show --style json/ndjson): the process that logged.
  'processimagepath',
  'podname',
  'clientip',
  // Traefik's ClientHost beside ClientAddr (the same with the port).
  'clienthost',
  'calleripaddress',
  'sourceipaddress',
  'idorigh',
  'srcip',
  'sourceip',
  'srcaddr',
  'clientaddr',
  'remoteaddr',
  'remoteip',
  'ip',
  'containername',
  // Elasticsearch's and OpenSearch's JSON logs: the node that logged (ECS: elasticsearch.node.name).
  'elasticsearchnodename',
  'nodename',
  'service',
  'servicename',
  'app',
  'logger',
  'source',
  'stream',
  // CloudWatch Logs' exported events: the stream (an instance, a container) they were written to; in a
  // subscription payload, the logStream around them (json-envelope.ts).
  'logstreamname',
  'logstream',
];
export const MESSAGE_NAMES = [
  'message',
  'msg',
  'shortmessage',
  'log',
  // Splunk's exported results (JSON and CSV): the event as it was indexed.
  'raw',
  'textpayload',
  // OpenTelemetry's log records: the body is an AnyValue, its text in "stringValue".
  'bodystringvalue',
  // Loki's query answers and logcli --output=jsonl: the log line beside its labels and timestamp.
  'line',
  'displaymessage',
  // macOS unified log (log show --style json/ndjson); its "eventType" is only "logEvent".
  'eventmessage',
  'eventname',
  'operationnamelocalizedvalue',
  'operationname',
  'methodname',
  'action',
  'eventtype',
  'description',
  'text',
  'content',
  'summary',
  'event',
  'body',
  'verb',
];
