import { log } from '@/lib/process/log.mjs';

/**
 * A piece of periodic work (invoice reminders, quote expiry). Every instance runs every job: a job must claim its
 * rows in SQL (an UPDATE … RETURNING, or an INSERT … ON CONFLICT DO NOTHING into a "done" table) in the transaction
 * that acts on them, so that two instances, or a restart halfway, never do the same thing twice.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** Answers how many things it did, for the log. */
  run: () => Promise<number>;
}

/** Starts the jobs (each at once, then every `everyMs`, never overlapping itself); answers the function that stops them. */
export function startSchedule(jobs: readonly ScheduledJob[]): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const tick = (job: ScheduledJob) => {
    if (running.has(job.name)) return;
    const turn = job
      .run()
      .then((done) => {
        if (done > 0) log.info({ job: job.name, done }, 'scheduled job ran');
      })
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, turn);
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    tick(job);
    return timer;
  });
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running.values());
  };
}
