import { classNames } from './class-names.ts';

/** Up to two initials: "Ada Lovelace" → "AL", "ops" → "O". */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

/** A stable hue per name, so a person keeps their colour across screens and sessions. */
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 360;
}

export function Avatar({ name, sizePx, className }: { name: string; sizePx: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={classNames(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white',
        className,
      )}
      // Lightness 32 % keeps white initials above 4.5:1 contrast for every hue (yellow is the worst, ~4.9:1).
      style={{ width: sizePx, height: sizePx, fontSize: sizePx * 0.4, backgroundColor: `hsl(${hue(name)} 40% 32%)` }}
    >
      {initials(name)}
    </span>
  );
}
