import { describe, expect, it } from 'vitest';
import { apiBase, apiUrl } from './api-base.ts';

describe('apiBase', () => {
  it('is the page origin when nothing is configured', () => {
    expect(apiBase(undefined, 'https://churchkey.example.org')).toBe('https://churchkey.example.org');
    expect(apiBase('  ', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('drops a trailing port 80 and trailing slashes', () => {
    expect(apiBase('http://api.example.org:80', 'x')).toBe('http://api.example.org');
    expect(apiBase('http://api.example.org:80/', 'x')).toBe('http://api.example.org');
    expect(apiBase(undefined, 'http://localhost:80')).toBe('http://localhost');
  });

  it('keeps any other port, including one that merely ends in 80', () => {
    expect(apiBase('http://api.example.org:8080', 'x')).toBe('http://api.example.org:8080');
    expect(apiBase('http://api.example.org:180', 'x')).toBe('http://api.example.org:180');
  });
});

describe('apiUrl', () => {
  it('joins a base and a path with one slash', () => {
    expect(apiUrl('http://h', '/api/analysts')).toBe('http://h/api/analysts');
    expect(apiUrl('http://h', 'api/analysts')).toBe('http://h/api/analysts');
  });
});
