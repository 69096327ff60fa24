import type { User } from '../../domain/user.ts';
import { useLogout } from '../features/auth/use-logout.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';

interface AnalystMenuProps {
  user: User;
  /** The analyst acted as; undefined shows "---". */
  analystName: string | undefined;
  loading: boolean;
}

export function AnalystMenu({ user, analystName, loading }: AnalystMenuProps) {
  const { loggingOut, logout } = useLogout();
  if (loading) {
    return (
      <Button variant="ghost" disabled>
        Loading analysts…
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="max-w-64 px-2">
          {analystName ? <Avatar name={analystName} sizePx={24} /> : null}
          <span className="truncate">{analystName ?? '---'}</span>
          <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-muted">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block font-semibold text-ink">Churchkey</span>
          <span className="block">Signed in as {user.name || user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={loggingOut}
          onSelect={(event) => {
            // Keeps the menu open so the disabled item shows that logout is under way.
            event.preventDefault();
            logout();
          }}
        >
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
