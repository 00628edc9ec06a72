import { databaseStatus } from '@/lib/db/status';
import { isDraining } from '@/lib/process/lifecycle.mjs';

// Readiness: send this instance traffic only while its database answers with every migration applied and it is
// not shutting down. Cheap (one statement), no secrets, never throttled.
export const dynamic = 'force-dynamic';

export async function GET() {
  const draining = isDraining();
  const database = await databaseStatus();
  const ready = !draining && database.reachable && database.migrationsApplied;
  return Response.json(
    { status: ready ? 'ready' : 'not ready', draining, ...database },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
