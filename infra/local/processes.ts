import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { dirname } from 'node:path';

export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number, readonly service: string) {
    super(`Port ${port} (${service}) is already in use: stop whatever listens there, then start again.`);
  }
}

/** Fails with a message naming the port when something already listens on it. */
export async function assertPortFree(port: number, service: string, host = '127.0.0.1'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new PortInUseError(port, service)));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

export async function waitForPort(port: number, name: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = spawnErrors.get(child);
    if (failure) throw new Error(`${name} could not be started: ${failure.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before listening on ${port}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs} ms`);
}

/** A spawn that fails (a missing binary) reports through an 'error' event, which must never go unheard. */
const spawnErrors = new WeakMap<ChildProcess, Error>();

/**
 * Starts a binary directly (never through npx, whose wrapper does not pass signals on), logging to a file,
 * and remembers its own PID so it can be stopped by PID alone.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string },
): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  child.once('error', (error) => spawnErrors.set(child, error));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (child.pid === undefined) throw new Error(`${name} could not be started (${command} not found?)`);
  const pid = child.pid;
  return {
    name,
    pid,
    child,
    stop: () => stopByPid(child, pid),
  };
}

/** Starts a process and waits for its port; a process that never listens is stopped, not left behind. */
export async function startListening(
  name: string,
  port: number,
  command: string,
  args: string[],
  options: SpawnOptions & { logFile: string },
): Promise<ManagedProcess> {
  const managed = startProcess(name, command, args, options);
  try {
    await waitForPort(port, name, managed.child);
    return managed;
  } catch (error) {
    await managed.stop();
    throw error;
  }
}

async function stopByPid(child: ChildProcess, pid: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || spawnErrors.has(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(pid, 'SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5_000).unref()),
  ]);
  if (timedOut && child.exitCode === null) {
    process.kill(pid, 'SIGKILL');
    await exited;
  }
}
