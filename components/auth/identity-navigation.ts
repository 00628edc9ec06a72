/**
 * Leaves the page after the signed-in identity changed (sign-in, sign-out) with a full document load, replacing the
 * history entry. The client router's cache holds pages rendered for the previous identity, prefetched signed-out
 * redirects to /login among them: a client-side navigation could replay one of those (the sign-in loop of issue
 * 17). A document load starts a fresh router, and every page is asked for again with the new session cookie.
 */
export function replaceDocumentWith(path: string): void {
  window.location.replace(path);
}
