import { createHash } from 'node:crypto';
import { applySecurityHeaders } from '@/lib/security-headers';
import type { TransferForm } from './transfer';
import { escapeXml } from './xml';

// The page that carries the cart back: a form to the procurement system's address that submits itself (and a button
// for a browser without scripts). Its CSP allows that one script, by hash, and a form to that one origin, where the
// shop's own pages allow forms to the shop alone.

const SUBMIT = "document.getElementById('transfer').submit();";
const SUBMIT_HASH = createHash('sha256').update(SUBMIT).digest('base64');

export function transferPage(form: TransferForm): Response {
  const inputs = form.fields
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`,
    )
    .join('');
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Transfer to procurement</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body style="font-family:system-ui,sans-serif;margin:2rem">` +
    `<form id="transfer" method="post" action="${escapeXml(form.action)}"` +
    `${form.target ? ` target="${escapeXml(form.target)}"` : ''}>${inputs}` +
    `<p>Sending your cart to your procurement system…</p>` +
    `<button type="submit">Transfer to procurement</button></form>` +
    `<script>${SUBMIT}</script></body></html>`;
  const response = new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
  applySecurityHeaders(response.headers);
  response.headers.set(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      `script-src 'sha256-${SUBMIT_HASH}'`,
      "style-src 'unsafe-inline'",
      `form-action ${new URL(form.action).origin}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  );
  return response;
}
