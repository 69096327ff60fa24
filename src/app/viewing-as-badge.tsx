import { Link } from '@tanstack/react-router';

/** Spec section 1: a warning while the user acts as an analyst other than their own; it leads to the analysts list. */
export function ViewingAsBadge({ name }: { name: string }) {
  return (
    <Link
      to="/analysts"
      className="max-w-56 truncate rounded-full border border-warning bg-warning-bg px-2.5 py-0.5 text-sm font-medium text-warning hover:brightness-110"
      title="You act as another analyst. Open the analysts list to switch."
    >
      Viewing as {name}
    </Link>
  );
}
