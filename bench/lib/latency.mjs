// Response times as every load script reports them: mean, p50/p95/p99 and max, in milliseconds.

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** `times` sorted ascending. */
export function latencyOf(times) {
  return {
    mean: times.length ? times.reduce((sum, t) => sum + t, 0) / times.length : null,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? null,
  };
}
