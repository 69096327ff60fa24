import { describe, expect, it } from 'vitest';
import { keepSeparateSections } from './keep-sections.ts';

describe('keepSeparateSections', () => {
  const pageImport = '<!-- page-import-bench -->\n## A large TSV\n| 102 ms |\n<!-- /page-import-bench -->';
  const mirror = (figure: string) => `<!-- mirror-bench -->\n## Mirror\n${figure}\n<!-- /mirror-bench -->`;

  it('carries over a section the new report does not write, and drops the old copy of one it does', () => {
    const previous = `# Results\nold\n\n${mirror('7,000 rows/s')}\n\n${pageImport}\n`;
    const next = `# Results\nnew\n\n${mirror('8,000 rows/s')}\n`;
    const merged = keepSeparateSections(previous, next);
    expect(merged).toContain('8,000 rows/s');
    expect(merged).not.toContain('7,000 rows/s');
    expect(merged).toContain('| 102 ms |');
    expect(merged.indexOf('new')).toBeLessThan(merged.indexOf('page-import-bench'));
  });

  it('leaves the new report as it is when nothing marked is missing from it', () => {
    expect(keepSeparateSections('# Old\n', '# New\n')).toBe('# New\n');
  });
});
