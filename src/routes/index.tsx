import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

// Placeholder until the incidents and organizations features exist.
function Home() {
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 py-6">
      <h1 className="text-lg font-semibold">Home</h1>
      <p className="text-muted">Recent incidents and organizations will be listed here.</p>
    </section>
  );
}
