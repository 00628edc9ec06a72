import './styles.css';

// The bare page with one small linked stylesheet, as every styled site has: Lighthouse's first frame is measured
// against it to show what a render-blocking stylesheet alone costs in this headless Chromium (bench/RESULTS.md).
export default function Styled() {
  return (
    <main>
      <h1>Bare Next.js page with a stylesheet</h1>
      <p>A static page with no data, no client components and one small stylesheet.</p>
    </main>
  );
}
