/**
 * JSON for a `<script type="application/ld+json">`: `<` is written as `\u003c`, so no text inside (a product named
 * `</script><script>`) can end the script element; JSON readers decode it back to the same character.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
