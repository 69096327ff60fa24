/* A stream's colour from the chart palette, in the variant of the current colour mode. */
import type { CSSProperties } from 'react';
import { paletteColor } from '../../../domain/color/palette.ts';

function streamColorStyle(index: number | undefined): CSSProperties {
  const at = index ?? 0;
  return { '--stream-light': paletteColor(at, 'light'), '--stream-dark': paletteColor(at, 'dark') } as CSSProperties;
}

export function StreamSwatch({ index }: { index: number | undefined }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-2.5 shrink-0 rounded-sm bg-[var(--stream-light)] dark:bg-[var(--stream-dark)]"
      style={streamColorStyle(index)}
    />
  );
}
