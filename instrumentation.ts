export async function register() {
  // Nothing to prepare while `next build` prerenders: pages that read the database render at request time.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const { startServer } = await import('@/lib/startup');
  await startServer();
}
