/*
 * The analyst dropdown of spec section 2, items in the spec's order: product header, "Show
 * filters", colour mode, visualization height, "Reset configuration", "View configuration", "View
 * audit logs", the "Analysts" section, "Logout". Administrators also get the maintenance item
 * "Recreate all search data" (the spec's "Recreate all typesense data"; PRODUCT.md names it so).
 */
import { Link } from '@tanstack/react-router';
import { VISUALIZATION_HEIGHTS } from '../../domain/views.ts';
import { recordAuditAction } from '../data/audit-actions.ts';
import type { ActingAnalyst } from '../features/analysts/acting-analyst-context.ts';
import { useLogout } from '../features/auth/use-logout.ts';
import { useRecreateSearchData } from '../features/search/use-recreate-search-data.ts';
import { COLOR_MODES, type DisplaySettings } from '../features/settings/display-settings.ts';
import { resetConfiguration } from '../features/settings/settings-store.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuSegment,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';

interface AnalystMenuProps {
  acting: ActingAnalyst;
  settings: DisplaySettings;
  onSettingsChange: (patch: Partial<DisplaySettings>) => void;
  showFilters: boolean;
  onShowFiltersChange: (showFilters: boolean) => void;
  clearUser: () => void;
}

/** Keeps the menu open after a choice, so its effect (and a busy state) stays in view. */
const keepOpen = (event: Event) => event.preventDefault();

export function AnalystMenu({
  acting,
  settings,
  onSettingsChange,
  showFilters,
  onShowFiltersChange,
  clearUser,
}: AnalystMenuProps) {
  const { user, selected } = acting;
  const { loggingOut, logout } = useLogout({ userID: user.id, clearAnalyst: () => acting.choose(null), clearUser });
  const search = useRecreateSearchData();
  if (acting.analysts.status === 'loading') {
    return (
      <Button variant="ghost" disabled>
        Loading analysts…
      </Button>
    );
  }
  const analystName = selected?.name;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-64 px-2">
          {analystName ? <Avatar name={analystName} sizePx={24} /> : null}
          <span className="truncate">{analystName || '---'}</span>
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-muted">
            <path
              d="M4 6l4 4 4-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <span className="block font-semibold text-ink">Churchkey</span>
          <span className="block truncate">Signed in as {user.name || user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={showFilters}
          onSelect={keepOpen}
          onCheckedChange={(checked) => {
            onShowFiltersChange(checked);
            void recordAuditAction('show filters', { value: checked });
          }}
        >
          Show filters
        </DropdownMenuCheckboxItem>
        <DropdownMenuLabel className="pb-1 text-xs">Colour mode</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          className="flex gap-1 px-2 pb-1.5"
          value={settings.colorMode}
          onValueChange={(value) => {
            const colorMode = COLOR_MODES.find((mode) => mode === value);
            if (!colorMode) return;
            onSettingsChange({ colorMode });
            void recordAuditAction('set color mode', { value: colorMode });
          }}
        >
          {COLOR_MODES.map((mode) => (
            <DropdownMenuSegment key={mode} value={mode} onSelect={keepOpen}>
              {mode}
            </DropdownMenuSegment>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuLabel className="pb-1 text-xs">Visualization height</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          className="flex gap-1 px-2 pb-1.5"
          value={String(settings.visualizationHeight)}
          onValueChange={(value) => {
            const height = VISUALIZATION_HEIGHTS.find((option) => String(option.heightPx) === value);
            if (!height) return;
            onSettingsChange({ visualizationHeight: height.heightPx });
            void recordAuditAction('set visualization height', { value: height.heightPx });
          }}
        >
          {VISUALIZATION_HEIGHTS.map((option) => (
            <DropdownMenuSegment
              key={option.label}
              value={String(option.heightPx)}
              onSelect={keepOpen}
              title={`${option.heightPx} px`}
            >
              {option.label}
            </DropdownMenuSegment>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            resetConfiguration();
            void recordAuditAction('reset configuration');
          }}
        >
          Reset configuration
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/configuration">View configuration</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/audit/$auditType" params={{ auditType: 'ui' }}>
            View audit logs
          </Link>
        </DropdownMenuItem>
        {acting.isAdmin ? (
          <DropdownMenuItem
            disabled={search.busy}
            aria-busy={search.busy}
            onSelect={(event) => {
              keepOpen(event);
              search.recreate();
            }}
          >
            {search.busy ? 'Recreating all search data…' : 'Recreate all search data'}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="pb-1 text-xs">Analysts</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/analysts">Manage analysts</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={loggingOut}
          onSelect={(event) => {
            // Keeps the menu open so the disabled item shows that logout is under way.
            keepOpen(event);
            logout();
          }}
        >
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
