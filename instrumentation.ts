export async function register() {
  // Nothing to prepare while `next build` prerenders: pages that read the database render at request time.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const { startServer } = await import('@/lib/startup');
  try {
    await startServer();
  } catch (error) {
    // A server that cannot start properly must not listen and answer 500s: say why in a few lines and stop.
    console.error(`The shop can not start. ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
