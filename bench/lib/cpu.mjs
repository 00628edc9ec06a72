// How busy the machine is, from /proc: to wait for a quiet moment before a measurement and to tell how much
// CPU other people's processes took while it ran (the benchmark shares its 2 cores with other work).
import { readFileSync, readdirSync } from 'node:fs';

const HZ = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** Busy and steal jiffies summed over all CPUs. */
function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return { busy: user + nice + system + irq + softirq, steal };
}

/** utime + stime (+ reaped children's when asked) of one process, in jiffies; 0 when it is gone. */
function processTicks(pid, withChildren = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return withChildren ? own + Number(fields[13]) + Number(fields[14]) : own;
  } catch {
    return 0;
  }
}

/** Jiffies per PostgreSQL process: the database works for the benchmark, not against it. */
function postgresTicks() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm === 'postgres') ticks.set(pid, processTicks(pid));
    } catch {
      // exited meanwhile
    }
  }
  return ticks;
}

/** What the processes alive at the end used since the start (a backend that exited in between drops out). */
function postgresDelta(start, end) {
  let total = 0;
  for (const [pid, ticks] of end) total += ticks - (start.get(pid) ?? 0);
  return total;
}

/**
 * Starts a CPU account. `ours` are the server pids; this process and its reaped children (the load generator)
 * count as ours too. stop() answers cores used on average by: others, PostgreSQL, and steal.
 */
export function cpuAccount(ours) {
  const snapshot = () => ({
    at: process.hrtime.bigint(),
    machine: machineTicks(),
    ours: ours.reduce((sum, pid) => sum + processTicks(pid), 0) + processTicks(process.pid, true),
    postgres: postgresTicks(),
  });
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      const seconds = Number(end.at - start.at) / 1e9;
      const cores = (ticks) => Math.max(0, ticks / HZ / seconds);
      const busy = end.machine.busy - start.machine.busy;
      const ours = end.ours - start.ours;
      const postgres = postgresDelta(start.postgres, end.postgres);
      return {
        othersCores: cores(busy - ours - postgres),
        postgresCores: cores(postgres),
        oursCores: cores(ours),
        stealCores: cores(end.machine.steal - start.machine.steal),
      };
    },
  };
}

/** Machine-wide busy cores over `ms` milliseconds. */
async function busyCores(ms) {
  const start = machineTicks().busy;
  const started = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (machineTicks().busy - start) / HZ / seconds;
}

/**
 * Waits until the machine is quiet (under `threshold` busy cores for two samples in a row) or `maxSeconds` passed.
 * Answers the seconds waited and the last reading.
 */
export async function waitForQuiet({ threshold, maxSeconds }) {
  const started = Date.now();
  let calm = 0;
  let last = 0;
  while ((Date.now() - started) / 1000 < maxSeconds) {
    last = await busyCores(1000);
    calm = last < threshold ? calm + 1 : 0;
    if (calm >= 2) break;
  }
  return { waitedSeconds: Math.round((Date.now() - started) / 1000), busyCores: last };
}
