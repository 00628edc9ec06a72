// Static: prerendered by `next build`, so it measures the cheapest thing `next start` can serve.
export default function Home() {
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '4rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Bare Next.js page</h1>
      <p>A static page with no data, no client components and no styling library.</p>
    </main>
  );
}
