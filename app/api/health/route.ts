// Liveness: the process answers. Load balancers and orchestrators restart an instance that stops answering here.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
