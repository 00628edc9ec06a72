// Static too, but about as heavy as the shop's home page (≈ 96 KB of HTML with its inline RSC payload): tells how
// much of the gap to the small static page is only the size of the response.
export const metadata = { title: 'Bare Next.js page, home-page sized' };

const items = Array.from({ length: 79 }, (_, i) => i + 1);

export default function Big() {
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 960,
        margin: '2rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Bare Next.js page, home-page sized</h1>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {items.map((i) => (
          <li
            key={i}
            className="card bg-base-100 shadow-sm border border-base-300 rounded-box p-6 flex flex-col gap-3"
          >
            <h2 className="card-title text-xl font-bold">Catalogue item number {i}</h2>
            <p className="text-base-content/75 leading-relaxed">
              Placeholder text of about the length of a tool description on the shop&apos;s home
              page, so that the markup and the embedded payload weigh about as much as there.
            </p>
            <p className="text-sm">
              Price per unit: ${(i * 3.25).toFixed(2)} · Minimum order: {i * 5} pieces
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
