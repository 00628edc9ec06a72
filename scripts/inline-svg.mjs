// Prints an SVG file as a CSS `url()` data URI: `node scripts/inline-svg.mjs public/images/hero-banner.svg`.
// Used for art that must paint with the first frame (components/home/hero-art.css): no request to wait for.
import { readFileSync } from 'node:fs';

const svg = readFileSync(process.argv[2], 'utf8')
  .replace(/>\s+</g, '><')
  .replace(/\s+/g, ' ')
  .trim()
  .replaceAll('"', "'");
// Only the characters CSS strings and URLs cannot hold literally are escaped (smaller than base64).
const encoded = svg.replace(/[%#<>\n]/g, (char) => encodeURIComponent(char));
process.stdout.write(`url("data:image/svg+xml,${encoded}")\n`);
