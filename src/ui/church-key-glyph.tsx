import { useId } from 'react';

/** The bottle-opener glyph of public/favicon.svg, drawn in the current text colour. */
export function ChurchKeyGlyph({ className }: { className?: string }) {
  const maskID = useId();
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <mask id={maskID} maskUnits="userSpaceOnUse" x="0" y="0" width="32" height="32">
          <rect width="32" height="32" fill="#fff" />
          <rect x="11.5" y="4.5" width="9" height="5.5" rx="2.2" fill="#000" />
          <circle cx="16" cy="26.5" r="1.6" fill="#000" />
        </mask>
      </defs>
      <g transform="rotate(40 16 16)">
        <g fill="currentColor" mask={`url(#${maskID})`}>
          <rect x="8.5" y="1.5" width="15" height="12.5" rx="5.5" />
          <rect x="12.5" y="11" width="7" height="19.5" rx="3.5" />
        </g>
      </g>
    </svg>
  );
}
