/**
 * The real server in a process of its own, as in production, for the browser tests, the crash
 * test and the benchmarks: `node --import tsx server/server.ts` with the environment they ask
 * for, ready once it prints its "ready at <url>" line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root: the server resolves `server/`, `dist/` and the seed from there. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What `node --watch` prints when the script it runs failed (it then waits for a change). */
const WATCH_FAILED = /Failed running '[^']*'/;

/** Only the end of what the process printed is kept for error messages. */
const KEPT_OUTPUT = 64 * 1024;

export interface StartServerOptions {
  /** DATA_DIR (the embedded database, the SMS outbox); left unset when not given. */
  dataDir?: string;
  /** Variables set over the defaults (PORT 0, HOST 127.0.0.1, NODE_ENV test, LOG_LEVEL warn). */
  env?: Record<string, string>;
  /** The script to run, from the repository root. */
  script?: string;
  /** Node flags before `--import tsx` (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** `--import tsx` (the default); false for a built script, run by plain Node as in production. */
  tsx?: boolean;
  /** The text before the URL in the line that says the server listens. */
  readyLine?: string;
  /** How long start-up may take before the process is killed and the start fails. */
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  /** Where it listens, as it printed it (`http://localhost:<port>`). */
  url: string;
  /** DATA_DIR as given (empty when none was). */
  dataDir: string;
  pid: number;
  process: ChildProcess;
  /** What it printed on stdout and stderr so far (the last 64 KiB). */
  output(): string;
  /**
   * Sends `signal` and waits for the process to exit; SIGKILL if it has not after `timeoutMs`.
   * Resolves at once when it has already exited.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
  /** SIGKILL, as a crash: no shutdown runs. Resolves once it has exited. */
  kill(): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** Starts the server and resolves once it listens; rejects with its output if it exits or stalls first. */
export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const {
    dataDir,
    env = {},
    script = 'server/server.ts',
    nodeArgs = [],
    readyLine = 'Storefront ready at',
    readyTimeoutMs = 120_000,
    tsx = true,
  } = options;
  const child = spawn(process.execPath, [...nodeArgs, ...(tsx ? ['--import', 'tsx'] : []), script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new RegExp(`${readyLine.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (http://\\S+)`);
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${script} ${reason}:\n${output}`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`did not start in ${readyTimeoutMs / 1000} s`);
    }, readyTimeoutMs);
    let found = false;
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
      const match = found ? null : ready.exec(output);
      if (match) {
        found = true;
        clearTimeout(timer);
        resolve(match[1]!);
      } else if (!found && WATCH_FAILED.test(output)) {
        // Under `node --watch` a server that failed leaves the watcher waiting for a change.
        child.kill('SIGTERM');
        fail('failed under --watch');
      }
    };
    // Kept reading after start-up too, so a chatty server never blocks on a full pipe.
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => fail(`could not be started (${error.message})`));
    child.once('exit', (code, signal) => {
      if (!found) fail(`exited (${code ?? signal}) before it was ready`);
    });
  });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) => {
    if (hasExited(child)) return;
    const exited = waitForExit(child, timeoutMs);
    child.kill(signal);
    if (await exited) return;
    const killed = waitForExit(child, timeoutMs);
    child.kill('SIGKILL');
    await killed;
  };
  return {
    url,
    dataDir: dataDir ?? '',
    pid: child.pid!,
    process: child,
    output: () => output,
    stop,
    kill: () => stop('SIGKILL'),
  };
}
