import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tests/support/fixtures-dir.ts';
import { jsonFieldPaths, numericUnitOfField, sampleJsonRows } from './json-field-paths.ts';

describe('jsonFieldPaths', () => {
  it('lists the keys of the first rows, nested ones as dotted paths, in order of appearance', () => {
    const rows = sampleJsonRows(
      '{"ts": 1, "user": {"name": "ada", "id": 7}}\n{"ts": 2, "msg": "hi", "user": {"name": "bo"}}\n',
    );
    expect(jsonFieldPaths(rows)).toEqual(['ts', 'user.name', 'user.id', 'msg']);
  });

  it('stops at two levels, as detection does', () => {
    expect(jsonFieldPaths(sampleJsonRows('{"a": {"b": {"c": 1}}}'))).toEqual(['a.b']);
  });

  it('skips blank, broken and non-object lines, a BOM and a cut last line', () => {
    const rows = sampleJsonRows('\uFEFF{"a": 1}\r\n\nnot json\n[1, 2]\n{"b": 2}\n{"c": ');
    expect(jsonFieldPaths(rows)).toEqual(['a', 'b']);
  });

  it('reads the fields of every line of the Timesketch JSON Lines fixture', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'events', 'timesketch_sigma_events.jsonl'), 'utf8');
    const paths = jsonFieldPaths(sampleJsonRows(text));
    expect(paths.slice(0, 5)).toEqual(['message', 'timestamp', 'datetime', 'timestamp_desc', 'extra_field_1']);
    // Fields only later lines have.
    expect(paths).toContain('command');
    expect(paths).toContain('computer_name');
  });
});

describe('numericUnitOfField', () => {
  const rows = sampleJsonRows(
    '{"s": 1700000000, "us": "1642892863502205", "iso": "2015-07-24T19:01:01+00:00"}\n{"s": 1700000001.5, "us": 1642892863502206}',
  );

  it('guesses seconds or microseconds from the values', () => {
    expect(numericUnitOfField(rows, 's')).toBe('seconds');
    expect(numericUnitOfField(rows, 'us')).toBe('microseconds');
  });
});
