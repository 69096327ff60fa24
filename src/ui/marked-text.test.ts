import { describe, expect, it } from 'vitest';
import { splitMarked } from './marked-text.tsx';

describe('splitMarked', () => {
  it('splits the marked stretches out of a snippet', () => {
    expect(splitMarked('disk «full» on «db-1» now')).toEqual([
      { text: 'disk ', marked: false },
      { text: 'full', marked: true },
      { text: ' on ', marked: false },
      { text: 'db-1', marked: true },
      { text: ' now', marked: false },
    ]);
  });

  it('keeps markup and an unclosed mark as plain text', () => {
    expect(splitMarked('<b>«x»</b> «open')).toEqual([
      { text: '<b>', marked: false },
      { text: 'x', marked: true },
      { text: '</b> «open', marked: false },
    ]);
  });
});
