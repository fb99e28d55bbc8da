import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined
 * elsewhere. Unlike latency it hardly depends on what else the machine is doing, so it says what
 * the request costs: 200 requests/s need 200 times this many ms of one core each second.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux build Node supports
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms used so far by the PostgreSQL backends connected to `database` on this machine (their
 * process titles read `postgres: user database host ...`), by pid: compare two readings of the
 * same pids (a backend that ended in between is not counted). Undefined without /proc.
 */
export function postgresBackendCpuMs(database: string): Map<number, number> | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const found = new Map<number, number>();
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      const ms = cpuMsOf(Number(pid));
      if (ms !== undefined) found.set(Number(pid), ms);
    } catch {
      // Not ours to read, or gone.
    }
  }
  return found;
}

/** CPU ms the backends of `after` used since `before` (all of it for a backend that started since). */
export function backendCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Resident memory of a process in MB (one decimal), from /proc (Linux). */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}
