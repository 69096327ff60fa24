import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isTrustedHost } from './trusted-host.ts';

const none = { publicUrl: undefined, allowedHosts: [] };
const listed = { publicUrl: 'https://churchkey.example.org', allowedHosts: ['churchkey.lan', 'field-laptop:8443'] };

describe('isTrustedHost', () => {
  it.each([
    'localhost:8080',
    '127.0.0.1:8080',
    '127.1.2.3',
    '[::1]:8080',
    'app.localhost',
    '192.168.1.20:8080',
    '[fe80::1]',
    hostname(),
  ])('trusts %s with neither PUBLIC_URL nor ALLOWED_HOSTS (no rebinding page can have it as its origin)', (host) =>
    expect(isTrustedHost(host, none)).toBe(true),
  );

  it.each([
    'evil.example:8080',
    'evil.example',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
    '',
    'a b',
    undefined,
  ])('never trusts %j by itself', (host) => expect(isTrustedHost(host, none)).toBe(false));

  it('trusts only the listed hosts (and loopback) once PUBLIC_URL or ALLOWED_HOSTS is set', () => {
    for (const host of [
      'churchkey.example.org',
      'churchkey.lan',
      'churchkey.lan:8080',
      'field-laptop:8443',
      'localhost:8080',
    ]) {
      expect(isTrustedHost(host, listed), host).toBe(true);
    }
    for (const host of [
      'field-laptop:8444',
      'field-laptop',
      '192.168.1.20',
      'evil.example',
      'churchkey.example.org.evil.example',
    ]) {
      expect(isTrustedHost(host, listed), host).toBe(false);
    }
  });
});
