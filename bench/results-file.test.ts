import { describe, expect, it } from 'vitest';
import { withSection } from './results-file.ts';

describe('withSection', () => {
  const START = '<!-- maps-bench -->';
  const END = '<!-- /maps-bench -->';
  const block = (figure: string) => `${START}\n## Maps\n${figure}\n${END}`;

  it('replaces only its own section, keeping what stands before and after', () => {
    const current = `# Results\n\n<!-- a -->x<!-- /a -->\n\n${block('2.20 ms')}\n\n<!-- b -->y<!-- /b -->\n`;
    const next = withSection(current, START, END, block('1.00 ms'));
    expect(next).toBe(`# Results\n\n<!-- a -->x<!-- /a -->\n\n${block('1.00 ms')}\n\n<!-- b -->y<!-- /b -->\n`);
  });

  it('adds the section at the end the first time', () => {
    expect(withSection('# Results\n\nold\n\n', START, END, block('1.00 ms'))).toBe(
      `# Results\n\nold\n\n${block('1.00 ms')}\n`,
    );
  });
});
