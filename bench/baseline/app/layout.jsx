export const metadata = {
  title: 'Bare Next.js page',
  description:
    'The reference page the tool shop is measured against: a static page with no extra code.',
};

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
