import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChurchKeyGlyph } from '../ui/church-key-glyph.tsx';

export function AppHeader({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-panel">
      <div className="flex h-12 items-center justify-between gap-4 px-4">
        <Link to="/" className="flex h-logo items-center gap-2 rounded px-1 text-base font-semibold tracking-tight text-ink">
          <ChurchKeyGlyph className="h-full w-auto py-1 text-accent" />
          <span>Churchkey</span>
        </Link>
        <div className="flex items-center gap-2">{children}</div>
      </div>
    </header>
  );
}
