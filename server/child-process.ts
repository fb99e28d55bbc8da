import { spawn } from 'node:child_process';

/**
 * Runs Node with `args` in a process of its own, tied to this one by an IPC channel: a child that
 * calls `exitWithParent()` ends when this process does, rather than running on alone (a server
 * stopped while its child prepares a database, or restarted by `node --watch`). Resolves when it
 * exits with 0; otherwise rejects with `failure`, how it ended and the end of what it printed on
 * stderr.
 */
export function runNodeChild(args: string[], failure: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: process.env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-KEPT_STDERR);
    });
    child.once('error', (error) => reject(new Error(`${failure}: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      const printed = stderr.trim();
      reject(new Error(`${failure} (${how})${printed ? `:\n${printed}` : ''}`));
    });
  });
}

/** What is kept of a child's stderr for the error message. */
const KEPT_STDERR = 8192;

/** Whether a process with this id is running (EPERM: it is, under another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** In a process `runNodeChild` started: ends it when its parent ends (the channel closes). */
export function exitWithParent(): void {
  process.on('disconnect', () => process.exit(1));
}

/**
 * The Node flags the preparing process runs with: this process's loader and memory settings,
 * not a debugger's port, a profiler or a watcher. A flag's value may be the next argument.
 */
export function preparingFlags(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const value = !flag.includes('=') && execArgv[i + 1] !== undefined && !execArgv[i + 1]!.startsWith('-');
    const option = value ? [flag, execArgv[++i]!] : [flag];
    if (PREPARING_FLAGS.test(flag)) kept.push(...option);
  }
  return kept;
}

const PREPARING_FLAGS =
  /^(--(import|require|loader|experimental-loader|conditions|env-file|env-file-if-exists|max-semi-space-size|max-old-space-size|stack-size|no-warnings|disable-warning)|-r|-C)(=|$)/;
