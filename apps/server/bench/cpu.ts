/**
 * Where a machine's cores went during a measurement, from /proc: the API process, PostgreSQL (every process named
 * `postgres`: the postmaster, its backends and background workers), the process measuring (the load generator),
 * the rest of the machine, and idle. Linux only; a process that is gone counts as having used nothing.
 */
import fs from 'node:fs';

const TICK_S = 0.01; // USER_HZ is 100 on Linux

/** utime + stime of one process, in seconds (0 when it is gone). */
function processSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_S;
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(name));
    } catch {
      // gone between the listing and the read
    }
  }
  return pids;
}

/** Busy and idle seconds of the whole machine (every core) since boot. */
function machineSeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (all - idle) * TICK_S, idle: idle * TICK_S };
}

interface Snapshot {
  at: number;
  api: number;
  postgres: Map<number, number>;
  self: number;
  machine: ReturnType<typeof machineSeconds>;
}

function snapshot(apiPid: number): Snapshot {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    api: processSeconds(apiPid),
    postgres: new Map(postgresPids().map((pid) => [pid, processSeconds(pid)])),
    self: (usage.user + usage.system) / 1e6,
    machine: machineSeconds(),
  };
}

export interface CoreShares {
  /** Cores in use on average (1 = one core busy the whole time). */
  api: number;
  postgres: number;
  loadGenerator: number;
  other: number;
  idle: number;
}

/** Starts counting; the returned function ends the count and gives each part's average cores over the interval. */
export function countCores(apiPid: number): () => CoreShares {
  const a = snapshot(apiPid);
  return () => {
    const b = snapshot(apiPid);
    const wall = (b.at - a.at) / 1000;
    // A backend that started during the interval counts from zero; one that ended is lost (its time is small).
    let postgres = 0;
    for (const [pid, s] of b.postgres) postgres += s - (a.postgres.get(pid) ?? 0);
    const api = b.api - a.api;
    const self = b.self - a.self;
    const busy = b.machine.busy - a.machine.busy;
    const per = (s: number) => s / wall;
    return {
      api: per(api),
      postgres: per(postgres),
      loadGenerator: per(self),
      other: per(Math.max(0, busy - api - postgres - self)),
      idle: per(b.machine.idle - a.machine.idle),
    };
  };
}
