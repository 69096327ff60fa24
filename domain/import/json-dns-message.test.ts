/*
 * JSON DNS query logs without a message field, as their producers document them: Route 53 Resolver
 * query logs (AWS's sample entry; the second line is that entry made an NXDOMAIN with no answers),
 * Zeek's dns.log written as JSON (the Zeek manual's example lines).
 */
import { describe, expect, it } from 'vitest';
import { importDetected } from '../../tests/support/import-detected.ts';
import { dnsQueryMessage } from './json-dns-message.ts';

const ROUTE53 = `{"version":"1.100000","account_id":"123456789012","region":"us-east-1","vpc_id":"vpc-12345678","query_timestamp":"2024-01-15T12:34:56Z","query_name":"kafka.kafka.example.com","query_type":"A","query_class":"IN","rcode":"NOERROR","answers":[{"Rdata":"10.0.1.100","Type":"A","Class":"IN"}],"srcaddr":"10.0.1.50","srcport":"54321","transport":"UDP","srcids":{"instance":"i-0abcd1234efgh5678"}}
{"version":"1.100000","account_id":"123456789012","region":"us-east-1","vpc_id":"vpc-12345678","query_timestamp":"2024-01-15T12:34:57Z","query_name":"nowhere.example.com.","query_type":"AAAA","query_class":"IN","rcode":"NXDOMAIN","answers":[],"srcaddr":"10.0.1.51","srcport":"54322","transport":"UDP","srcids":{"instance":"i-0abcd1234efgh5678"}}
`;

const ZEEK = `{"ts":1591367999.305988,"uid":"CMdzit1AMNsmfAIiQc","id.orig_h":"192.168.4.76","id.orig_p":36844,"id.resp_h":"192.168.4.1","id.resp_p":53,"proto":"udp","trans_id":19671,"rtt":0.06685185432434082,"query":"testmyids.com","qclass":1,"qclass_name":"C_INTERNET","qtype":1,"qtype_name":"A","rcode":0,"rcode_name":"NOERROR","AA":false,"TC":false,"RD":true,"RA":true,"Z":0,"answers":["31.3.245.133"],"TTLs":[3600.0],"rejected":false}
{"ts":1538080852.403669,"uid":"CtahLT38vq7vKJVBC3","id.orig_h":"192.168.2.12","id.orig_p":56343,"id.resp_h":"192.168.2.1","id.resp_p":53,"proto":"udp","trans_id":2,"rtt":0.008364,"query":"pool.ntp.org","qclass":1,"qclass_name":"C_INTERNET","qtype":1,"qtype_name":"A","rcode":0,"rcode_name":"NOERROR","AA":false,"TC":false,"RD":true,"RA":true,"Z":0,"answers":["185.117.82.70","212.237.100.250","213.251.52.107","183.177.72.201"],"TTLs":[42.0,42.0,42.0,42.0],"rejected":false}
`;

describe('DNS query logs in JSON', () => {
  it('Route 53 Resolver: the query, its type, the response code and the answers, the client the actor', async () => {
    const { detection, records } = await importDetected(ROUTE53, 'resolver.log');
    expect(detection.reason).toContain("no message field: each record's DNS query, response code and answers");
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['10.0.1.50', 'A kafka.kafka.example.com → NOERROR 10.0.1.100'],
      ['10.0.1.51', 'AAAA nowhere.example.com. → NXDOMAIN'],
    ]);
  });

  it("Zeek's dns.log: the response code's name over its number, three answers shown of more", async () => {
    const { records } = await importDetected(ZEEK, 'dns.log');
    expect(records.map((record) => [record.actor, record.message])).toEqual([
      ['192.168.4.76', 'A testmyids.com → NOERROR 31.3.245.133'],
      ['192.168.2.12', 'A pool.ntp.org → NOERROR 185.117.82.70, 212.237.100.250, 213.251.52.107, …'],
    ]);
  });

  it('a "query" field without a DNS record type beside it is no DNS query', () => {
    expect(dnsQueryMessage({ query: 'select', type: 'A', ms: 3 })).toBeUndefined();
    expect(dnsQueryMessage({ query: 'SELECT * FROM users', query_type: 'read' })).toBeUndefined();
  });
});
