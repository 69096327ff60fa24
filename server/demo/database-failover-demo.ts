/*
 * Demo incident 1: a failing NVMe controller stalls the orders database primary; after a held
 * decision the team fails over to a lagging replica and replays the lost minute of orders.
 * Content only; demo-data.ts writes it.
 * Long because: one incident's story as data, in the order it happened; cut in parts it would not read as one.
 */
import type { DemoIncident } from './demo-incident.ts';

export const databaseFailoverDemo: DemoIncident = {
  name: 'Orders database failover',
  description:
    'Checkout failed for 22 minutes on 12 March 2024 while the orders database primary (db-orders-01) stalled on a failing NVMe controller. ' +
    'The team failed over to db-orders-02, which was 51 s behind, and replayed 214 orders from Kafka.',
  date: '2024-03-12',
  incidentTags: ['database', 'sev1', 'customer-impact'],
  streams: [
    { key: 'chat', name: '#inc-4821-orders-db (chat)', importFormat: 'tsv', tags: ['primary-evidence'] },
    { key: 'shell', name: 'db-orders admin shell log', importFormat: 'tsv', tags: ['primary-evidence'] },
    { key: 'alerts', name: 'Alertmanager and PagerDuty', importFormat: 'tsv', tags: ['automated'] },
    { key: 'status', name: 'Status page updates', importFormat: 'tsv' },
  ],
  actors: [
    'Priya Raman',
    'Marcus Chen',
    'Elena Sokolova',
    'Tom Okafor',
    'Jordan Alvarez',
    'alertmanager',
    'pagerduty-bot',
    'deploy-bot',
    'statuspage-bot',
  ],
  events: [
    {
      at: '14:01:52',
      seconds: 1466,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'FIRING [warning] PostgresReplicationLag db-orders-02 replay_lag=18s (threshold 10s)',
    },
    {
      at: '14:02:40',
      seconds: 1070,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'FIRING [critical] PostgresHighIOWait db-orders-01 iowait=97% for 2m',
    },
    {
      at: '14:02:41',
      stream: 'alerts',
      actor: 'pagerduty-bot',
      message:
        'Incident #4821 triggered: "Orders DB primary I/O wait" - assigned to Elena Sokolova (SRE primary on call)',
    },
    {
      key: 'ack',
      at: '14:03:30',
      stream: 'chat',
      actor: 'Elena Sokolova',
      message: 'ack #4821, looking. db-orders-01 iowait is pinned near 100%',
    },
    {
      key: 'errors',
      at: '14:03:51',
      seconds: 1290,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'FIRING [critical] CheckoutApiErrorRate checkout-api 5xx=12.4% (threshold 2%)',
      tags: ['customer-impact'],
    },
    {
      at: '14:04:05',
      seconds: 3,
      stream: 'shell',
      actor: 'Elena Sokolova',
      message:
        "esokolova@db-orders-01:~$ psql -c 'select client_addr, state, replay_lag from pg_stat_replication' -> 10.20.4.12 streaming 00:00:31",
    },
    {
      at: '14:04:40',
      seconds: 15,
      stream: 'shell',
      actor: 'Elena Sokolova',
      message: 'esokolova@db-orders-01:~$ iostat -x nvme0n1 5 3 -> r_await 812 ms, w_await 1290 ms, %util 100.0',
    },
    {
      at: '14:05:10',
      stream: 'chat',
      actor: 'Elena Sokolova',
      message: 'disk latency on the primary is over a second per write. Paging DB on call. @Marcus Chen',
    },
    {
      at: '14:05:12',
      stream: 'alerts',
      actor: 'pagerduty-bot',
      message: 'Incident #4821 escalated to Marcus Chen (database on call)',
    },
    {
      at: '14:06:30',
      stream: 'chat',
      actor: 'Marcus Chen',
      message: 'here. Checking whether it is the nightly batch export or the hardware',
    },
    {
      at: '14:07:02',
      seconds: 2,
      stream: 'shell',
      actor: 'Marcus Chen',
      message:
        "mchen@db-orders-01:~$ psql -c \"select pid, query_start, left(query, 60) from pg_stat_activity where backend_type = 'client backend' and state = 'active' order by query_start limit 5\" -> pid 88213 COPY orders_export TO STDOUT (started 13:30:02)",
    },
    {
      key: 'ic',
      at: '14:08:15',
      stream: 'chat',
      actor: 'Priya Raman',
      message:
        'I am IC for #4821. Elena on ops, Marcus on the database, Tom on comms. Bridge is open, link in the channel topic.',
    },
    {
      at: '14:08:50',
      stream: 'chat',
      actor: 'Tom Okafor',
      message: 'posting an initial status page update: checkout errors, investigating',
    },
    {
      at: '14:09:20',
      seconds: 2,
      stream: 'status',
      actor: 'statuspage-bot',
      message: 'Investigating - Some customers cannot complete checkout. We are investigating.',
    },
    {
      key: 'cancel',
      at: '14:10:05',
      seconds: 1,
      stream: 'shell',
      actor: 'Marcus Chen',
      message: "mchen@db-orders-01:~$ psql -c 'select pg_cancel_backend(88213)' -> t",
      tags: ['mitigation'],
    },
    {
      at: '14:11:30',
      stream: 'chat',
      actor: 'Marcus Chen',
      message: 'cancelled the export. Latency did not move at all, so it is not the export',
    },
    {
      key: 'dmesg',
      at: '14:12:10',
      seconds: 1,
      stream: 'shell',
      actor: 'Marcus Chen',
      message:
        'mchen@db-orders-01:~$ dmesg -T | tail -3 -> nvme nvme0: I/O 412 QID 3 timeout, aborting; nvme nvme0: controller is down; will reset',
      tags: ['root-cause'],
    },
    {
      key: 'hardware',
      at: '14:12:40',
      stream: 'chat',
      actor: 'Marcus Chen',
      message:
        'it is the NVMe controller on db-orders-01: I/O timeouts and a controller reset in dmesg. This will not get better by itself.',
      tags: ['root-cause'],
    },
    {
      key: 'lag',
      at: '14:13:25',
      stream: 'chat',
      actor: 'Marcus Chen',
      message:
        'db-orders-02 replay lag is 51 s and growing. If we fail over now we lose up to a minute of committed orders.',
      tags: ['data-loss-risk'],
    },
    {
      key: 'hold',
      at: '14:14:05',
      stream: 'chat',
      actor: 'Priya Raman',
      message: 'Hold the failover for 5 minutes. Marcus, can the replica catch up if we stop writes to the primary?',
      tags: ['decision'],
    },
    {
      key: 'reply1',
      at: '14:14:40',
      stream: 'chat',
      actor: 'Marcus Chen',
      message: 'only if the primary can still ship WAL; it is barely writing. I would not bet on it.',
    },
    {
      key: 'reply2',
      at: '14:15:10',
      stream: 'chat',
      actor: 'Elena Sokolova',
      message:
        'orders are also in the Kafka topic orders.v2 with their order ids. We can replay whatever the replica misses.',
    },
    {
      key: 'reply3',
      at: '14:15:55',
      stream: 'chat',
      actor: 'Jordan Alvarez',
      message: 'finance needs a list of the replayed orders afterwards, but a replay is fine by me',
    },
    {
      at: '14:16:20',
      seconds: 4,
      stream: 'shell',
      actor: 'Marcus Chen',
      message: "mchen@db-orders-02:~$ psql -c 'select now() - pg_last_xact_replay_timestamp()' -> 00:00:52.418",
    },
    {
      at: '14:17:45',
      seconds: 1,
      stream: 'status',
      actor: 'statuspage-bot',
      message:
        'Identified - A storage fault on a database server is causing checkout failures. We are moving to a standby server.',
    },
    {
      key: 'approve',
      at: '14:18:50',
      stream: 'chat',
      actor: 'Priya Raman',
      message: 'Failover approved. We accept the lag; Elena owns the replay from Kafka. Marcus, go.',
      tags: ['decision'],
    },
    {
      key: 'failover',
      at: '14:19:43',
      seconds: 38,
      stream: 'shell',
      actor: 'Marcus Chen',
      message:
        'mchen@bastion:~$ patronictl -c /etc/patroni/orders.yml failover orders --candidate db-orders-02 --force',
      tags: ['mitigation'],
    },
    {
      at: '14:19:50',
      seconds: 90,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'FIRING [critical] PostgresPrimaryDown cluster=orders (no leader)',
    },
    {
      at: '14:20:21',
      stream: 'shell',
      actor: 'Marcus Chen',
      message: 'patronictl: Successfully failed over to "db-orders-02"; db-orders-01 stopped and fenced',
    },
    {
      key: 'pgbouncer',
      at: '14:21:05',
      seconds: 41,
      stream: 'shell',
      actor: 'deploy-bot',
      message: 'deploy pgbouncer-orders@b41f2c0: pointing 12 pgbouncer hosts at db-orders-02 (12/12 ok)',
      tags: ['mitigation'],
    },
    {
      at: '14:21:20',
      seconds: 1,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'RESOLVED PostgresPrimaryDown cluster=orders (leader db-orders-02)',
    },
    {
      at: '14:22:30',
      stream: 'chat',
      actor: 'Elena Sokolova',
      message: 'checkout-api error rate falling: 3.1% and dropping. Connection pools are refilling',
    },
    {
      at: '14:25:21',
      seconds: 1,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'RESOLVED CheckoutApiErrorRate checkout-api 5xx=0.3%',
      tags: ['customer-impact'],
    },
    {
      at: '14:26:18',
      seconds: 1,
      stream: 'alerts',
      actor: 'alertmanager',
      message: 'RESOLVED PostgresReplicationLag db-orders-02 (now primary)',
    },
    { at: '14:26:45', stream: 'chat', actor: 'Tom Okafor', message: 'status page moved to monitoring' },
    {
      at: '14:26:50',
      seconds: 1,
      stream: 'status',
      actor: 'statuspage-bot',
      message: 'Monitoring - Checkout is working again. We are reconciling orders placed between 14:18 and 14:20 UTC.',
    },
    {
      key: 'replay',
      at: '14:31:10',
      seconds: 554,
      stream: 'shell',
      actor: 'Elena Sokolova',
      message:
        'esokolova@bastion:~$ orders-replay --topic orders.v2 --from 2024-03-12T14:18:51Z --to 2024-03-12T14:19:43Z --dry-run=false',
      tags: ['mitigation'],
    },
    {
      at: '14:40:24',
      stream: 'shell',
      actor: 'Elena Sokolova',
      message: 'orders-replay: 214 orders read, 214 inserted, 0 already present, 0 conflicts',
    },
    {
      at: '14:41:00',
      stream: 'chat',
      actor: 'Elena Sokolova',
      message: 'replay done: 214 orders restored, no conflicts. List for finance is in the incident doc.',
    },
    {
      at: '14:44:30',
      stream: 'chat',
      actor: 'Marcus Chen',
      message:
        'opened a hardware ticket for db-orders-01 (NVMe controller), and rebuilding a new replica from db-orders-02 now',
    },
    {
      at: '14:45:02',
      seconds: 1140,
      stream: 'shell',
      actor: 'Marcus Chen',
      message: 'mchen@db-orders-03:~$ pg_basebackup -h db-orders-02 -D /var/lib/postgresql/15/main -X stream -P -R',
    },
    {
      at: '14:52:10',
      stream: 'chat',
      actor: 'Jordan Alvarez',
      message:
        'thanks all. Facilities say hall B had a cooling alarm this morning; could that have cooked the controller?',
    },
    {
      at: '14:53:40',
      stream: 'chat',
      actor: 'Priya Raman',
      message:
        'good question, adding it to the review. Closing the bridge; #4821 stays open until the new replica is in sync.',
    },
    { at: '15:04:05', stream: 'alerts', actor: 'pagerduty-bot', message: 'Incident #4821 resolved by Priya Raman' },
    {
      at: '15:04:30',
      seconds: 1,
      stream: 'status',
      actor: 'statuspage-bot',
      message: 'Resolved - Checkout has been working normally since 14:25 UTC. All orders have been processed.',
    },
  ],
  markers: [
    { at: '14:03:51', message: 'Customer impact starts (checkout 5xx above 2%)' },
    { at: '14:18:50', message: 'Failover approved' },
    { at: '14:20:21', seconds: 60, message: 'Failover complete, pools repointed' },
    { at: '14:25:21', message: 'Customer impact ends' },
  ],
  notes: [
    {
      kind: 'write-up',
      text:
        'Summary: db-orders-01, the orders primary, stalled at 14:02 UTC when its NVMe controller began timing out. Checkout failed for 22 minutes. ' +
        'A 5-minute hold to let the replica catch up did not help because the primary could barely ship WAL. After the failover at 14:19:43 the ' +
        'replica was 52 s behind; the 214 orders in that window were replayed from Kafka with no conflicts.',
    },
    {
      kind: 'interview',
      event: 'approve',
      text:
        'Interview with Priya Raman (IC), 14 March: "I held the failover because losing orders felt worse than five more minutes of errors. ' +
        'When Elena said every order was in Kafka with its id, the trade-off flipped. In hindsight we could have known that at 14:05."',
    },
    {
      kind: 'intra-incident call',
      event: 'hold',
      text: 'Bridge call, 14:08-14:20: most of the hold was spent confirming that a replay from Kafka would be idempotent (orders carry their own ids).',
    },
    {
      kind: 'document',
      event: 'failover',
      text: 'Runbook "Orders DB failover" v3, step 4: use patronictl failover --force only when the leader cannot ship WAL; otherwise use switchover.',
    },
    {
      kind: 'group review',
      text:
        'Review on 19 March. Actions: (1) page the database on call together with SRE for storage alerts; (2) alert on NVMe controller resets; ' +
        '(3) document the Kafka replay in the runbook so the hold decision can be made in one minute; (4) survey the cooling over hall B.',
    },
    {
      kind: 'other',
      event: 'dmesg',
      text: 'The same controller model failed twice in 2023 (vendor advisory SA-2023-117, firmware 3.1 fixes the timeout handling).',
    },
  ],
  links: [
    {
      url: 'https://grafana.example.com/d/pg-orders/postgres-orders?from=1710251700000&to=1710255600000',
      urlType: 'grafana',
      title: 'Postgres orders dashboard, 13:55-15:00',
    },
    {
      url: 'https://grafana.example.com/d-solo/pg-orders/postgres-orders?panelId=4&from=1710251700000&to=1710255600000',
      urlType: 'embed',
      title: 'Replication lag panel',
    },
    {
      url: 'https://chat.example.com/archives/C04INC4821',
      urlType: 'source',
      title: 'Chat export of #inc-4821-orders-db',
      stream: 'chat',
    },
    {
      url: 'https://wiki.example.com/wiki/Runbooks/Orders_DB_failover',
      urlType: 'wikitech',
      title: 'Runbook: Orders DB failover',
      event: 'failover',
    },
    {
      url: 'https://gerrit.example.com/c/ops/pgbouncer/+/99311',
      urlType: 'gerrit',
      title: 'pgbouncer-orders: point at db-orders-02',
      event: 'pgbouncer',
    },
    { url: 'https://phabricator.example.com/T48210', urlType: 'phabricator', title: 'Alert on NVMe controller resets' },
    { url: 'https://sal.example.com/log?date=2024-03-12', urlType: 'sal', title: 'Server admin log, 12 March' },
  ],
  collections: [{ name: 'Decision points', events: ['hardware', 'lag', 'hold', 'approve', 'failover', 'replay'] }],
  thread: { root: 'lag', replies: ['reply1', 'reply2', 'reply3'] },
};
