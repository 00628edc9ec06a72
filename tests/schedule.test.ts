import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSchedule } from '@/lib/jobs/schedule';

afterEach(() => {
  vi.useRealTimers();
});

describe('startSchedule', () => {
  it('runs a job at once and then at its interval, never overlapping itself', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let release: () => void = () => undefined;
    const run = () => {
      calls += 1;
      return new Promise<number>((resolve) => {
        release = () => resolve(1);
      });
    };
    const stop = startSchedule([{ name: 'slow', everyMs: 1_000, run }]);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls, 'a run still going is not started again').toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    release();
    await stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls, 'nothing runs after stop').toBe(2);
  });

  it('keeps running after a failed run', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = startSchedule([
      {
        name: 'flaky',
        everyMs: 100,
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('database away');
          return 0;
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(3);
    await stop();
  });
});
