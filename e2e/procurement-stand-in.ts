import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupRequestXml, startPageOf, type ProcurementSystem } from '../tests/punchout-documents';

// A procurement system in miniature, on its own port (as the sign-in provider's stand-in is): its requisition page
// punches out to the shop by cXML (it sends the setup request itself, then sends the browser to the StartPage) or by
// OCI (a link carrying HOOK_URL and the OCI user), and it keeps the carts the shop's transfer posts back.

export interface ReceivedCart {
  protocol: 'cxml' | 'oci';
  fields: URLSearchParams;
}

export interface StandIn {
  origin: string;
  received: ReceivedCart[];
  close: () => Promise<void>;
}

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Procurement</title></head><body>${body}</body></html>`;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What the shop's owner gave the procurement administrator: filled in once the shop has made the secrets. */
export interface StandInCredentials {
  system: ProcurementSystem;
  oci: { username: string; password: string };
}

export async function startProcurementStandIn(
  shop: string,
  credentials: StandInCredentials,
): Promise<StandIn> {
  const received: ReceivedCart[] = [];
  let origin = '';
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (request.method === 'GET' && path === '/requisition') {
      const ociLink = `${shop}/punchout/oci?${new URLSearchParams({
        HOOK_URL: `${origin}/oci-return`,
        USERNAME: credentials.oci.username,
        PASSWORD: credentials.oci.password,
        '~TARGET': '_top',
      })}`;
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        page(
          `<h1>New requisition</h1><p><a href="/punchout-cxml">Shop at Toolhaus (cXML)</a></p>` +
            `<p><a href="${ociLink.replace(/&/g, '&amp;')}">Shop at Toolhaus (OCI)</a></p>`,
        ),
      );
      return;
    }
    if (request.method === 'GET' && path === '/punchout-cxml') {
      const answer = await fetch(`${shop}/punchout/cxml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: setupRequestXml(credentials.system, `${origin}/cxml-return`, {
          buyerCookie: 'stand-in-cookie',
        }),
      });
      response.writeHead(302, { location: startPageOf(await answer.text()) });
      response.end();
      return;
    }
    if (request.method === 'POST' && (path === '/cxml-return' || path === '/oci-return')) {
      const fields = new URLSearchParams(await bodyOf(request));
      received.push({ protocol: path === '/cxml-return' ? 'cxml' : 'oci', fields });
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(page(`<h1>Cart received</h1><p>The requisition waits for approval.</p>`));
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
