/** A dashboard page's own heading: h2, because the layout's "Your Dashboard" is the page's h1. */
export function PageHeading({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-semibold">
      {children}
    </h2>
  );
}
