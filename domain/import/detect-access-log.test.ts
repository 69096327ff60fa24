import { describe, expect, it } from 'vitest';
import { detectedSettings, detectHead, fixtureBytes } from '../../tests/support/detect-fixture.ts';
import { collectImport } from './collect-import.ts';
import { parseImport } from './parse-import.ts';

describe('access log detection', () => {
  it('Apache mixed formats, counted per line', () => {
    const detection = detectHead(fixtureBytes('field/weblogs/apache_combined_mixed_offsets.log'), 'access.log');
    expect(detectedSettings(detection)).toEqual({ format: 'access-log', timeZone: 'UTC' });
    expect(detection.reason).toBe(
      'Apache/nginx access log: 15 of 15 lines match (4 Apache/nginx common, 7 Apache/nginx combined, 4 with a virtual host)',
    );
  });

  it('HAProxy through syslog: access log, not plain syslog, with the year from the accept dates', async () => {
    const bytes = fixtureBytes('field/weblogs/haproxy_via_syslog.log');
    const detection = detectHead(bytes, 'haproxy.log');
    expect(detectedSettings(detection)).toEqual({ format: 'access-log', timeZone: 'UTC', year: 2019 });
    expect(detection.reason).toMatch(
      /^HAProxy log through syslog: 14 of 17 lines match \(13 HAProxy HTTP, 1 HAProxy connection error\); 3 other syslog lines/,
    );
    const { records, invalid } = await collectImport(parseImport(bytes, detectedSettings(detection)!));
    expect([records.length, invalid.length]).toEqual([17, 0]);
  });

  it('AWS ALB lines', () => {
    const line =
      'https 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.086 0.048 0.037 200 200 0 57 "GET https://www.example.com:443/ HTTP/1.1" "curl/7.46.0" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337281-1d84f3d73c47ec4e58577259" "www.example.com" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 1 2018-07-02T22:22:48.364000Z "authenticate,forward" "-" "-" "10.0.0.1:80" "200" "-" "-"';
    const detection = detectHead(
      `${line}\n${line}\n`,
      '123456789012_elasticloadbalancing_us-east-2_app.my-loadbalancer.log',
    );
    expect(detection.format).toBe('access-log');
    expect(detection.reason).toBe('AWS load balancer access log: 2 of 2 lines match (2 AWS ALB)');
  });

  it('Squid native lines', () => {
    const text =
      '979992041.366    502 192.168.1.160 TCP_IMS_HIT/304 216 GET http://example.com/home2.html - NONE/- text/html\n';
    expect(detectHead(text, 'access.log').reason).toBe('Squid access log: 1 of 1 lines match (1 Squid native)');
  });

  it('leaves W3C extended logs (IIS, Incapsula) to their own importer', () => {
    expect(detectHead(fixtureBytes('field/weblogs/iis85_w3c_big.log'), 'u_ex150113.log').format).not.toBe('access-log');
    expect(detectHead(fixtureBytes('field/weblogs/incapsula_w3c.log'), 'incapsula.log').format).not.toBe('access-log');
  });

  it('a file with a few access lines among other text is not an access log', () => {
    const text =
      'some notes\nmore notes\n10.0.0.1 - - [13/Jan/2016:19:31:16 +0000] "GET / HTTP/1.1" 200 494\nstill notes\n';
    expect(detectHead(text, 'notes.txt').format).not.toBe('access-log');
  });
});
