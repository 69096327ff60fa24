import { Link, Outlet, createRootRoute } from '@tanstack/react-router';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: InvalidUrl,
});

function InvalidUrl() {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 py-6">
      <h1 className="text-lg font-semibold">Invalid URL</h1>
      <p className="text-muted">
        Nothing lives at this address.{' '}
        <Link to="/" className="text-accent underline underline-offset-2">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
