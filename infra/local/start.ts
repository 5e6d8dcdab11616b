// First: sets the handlers' logger environment before anything imports a handler.
import './logger-environment';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { printLogLinesWith } from '@functions/platform/logger';
import { demoPassword, demoUsers } from './demo-data';
import { handlerLinePrinter } from './handler-log';
import { startLocalCloud } from './local-cloud';
import { javaProblem, nodeProblem } from './prerequisites';
import { PortInUseError } from './processes';
import { dataDirs, fixedSmsCode, handlerLogFileOf, projectRoot, readyFileOf, stoppedFileOf, testCloudDataDir, testCloudPorts } from './settings';

// `npm start` takes no flags but --reset; the test harness starts the same cloud on its own ports and data.
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'dev' },
    'in-memory': { type: 'boolean', default: false },
    web: { type: 'string', default: 'dev' },
    // The bench keeps its large seeded company between runs in a folder of its own, apart from the tests' data.
    'data-dir': { type: 'string' },
    // The end-to-end suite's test cloud of one Playwright worker (settings.ts testCloudPorts); 0 is the test profile.
    instance: { type: 'string', default: '0' },
  },
});
const profile = z.enum(['dev', 'test']).parse(values.profile);
const web = z.enum(['dev', 'preview', 'none']).parse(values.web);
const instance = z.coerce.number().int().min(0).max(9).parse(values.instance);
if (instance > 0 && profile !== 'test') throw new Error('--instance is for the test profile');
const dataDir = values['data-dir'] ? resolve(projectRoot, values['data-dir']) : instance > 0 ? testCloudDataDir(instance) : dataDirs[profile];
const randomSmsCodes = process.env.PORTAL_RANDOM_SMS_CODES === 'true';

async function main(): Promise<void> {
  const problems = [nodeProblem(), javaProblem()].filter((p) => p !== null);
  if (problems.length > 0) throw new Error(`Cannot start:\n  - ${problems.join('\n  - ')}`);

  // Signals that arrive during startup stop what has started so far.
  const startup = new AbortController();
  let stopping = false;
  const running: { stop?: () => Promise<void> } = {};
  const shutdown = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping everything that was started`);
    // Why the cloud stopped on its own, where a test harness that finds it gone can read it (its console may be far
    // back in a long log).
    if (exitCode !== 0) {
      try {
        writeFileSync(stoppedFileOf(dataDir), `${new Date().toISOString()} ${reason}\n`, { flag: 'a' });
      } catch {
        // No data folder yet: the reason is on the console only.
      }
    }
    // Still starting: the aborted startup stops its own processes and fails, and main's catch exits.
    if (!running.stop) return startup.abort();
    await running.stop();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  // A bug in the local cloud's own code would otherwise end this process and leave its emulators running.
  const crash = (error: unknown) => {
    console.error(error);
    void shutdown(`the local cloud failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  rmSync(stoppedFileOf(dataDir), { force: true });
  printLogLinesWith(handlerLinePrinter(handlerLogFileOf(dataDir), (line) => console.log(line)));

  const cloud = await startLocalCloud({
    signal: startup.signal,
    profile,
    dataDir,
    reset: values.reset,
    inMemory: values['in-memory'],
    web,
    randomSmsCodes,
    ...(instance > 0 ? { ports: testCloudPorts(instance) } : {}),
    // The test profile is the end-to-end suite's clouds (spawn-local-cloud.ts), which record when the suite asks.
    recordedCallsLabel: profile === 'test' ? `e2e-${instance}` : 'start',
    log: (line) => console.log(`… ${line}`),
  });
  running.stop = cloud.stop;
  // Written whole, then renamed: a harness polling for the file never reads half of it.
  const readyFile = readyFileOf(dataDir);
  writeFileSync(`${readyFile}.tmp`, JSON.stringify({ pid: process.pid, urls: cloud.urls, resources: cloud.resources, userIds: cloud.userIds }, null, 2));
  renameSync(`${readyFile}.tmp`, readyFile);

  const accounts = demoUsers.map((u) => `  ${u.email.padEnd(24)} ${u.purpose}`).join('\n');
  console.log(`
Portal is running.
  Portal        ${cloud.urls.web}
  API           ${cloud.urls.api}
  Local outbox  ${cloud.urls.outbox}   (every SMS code and e-mail)

Demo accounts (password ${demoPassword}; SMS code ${randomSmsCodes ? 'in the outbox' : fixedSmsCode}):
${accounts}

Emulator and handler logs are in ${join(dataDir, 'logs')}. Press Ctrl-C to stop everything.`);

  for (const managed of cloud.processes) {
    managed.child.once('exit', (code, signal) => {
      if (stopping) return;
      const reason = `${managed.name} (pid ${managed.pid}) exited unexpectedly (${code ?? signal}); see ${dataDir}/logs/${managed.name}.log`;
      console.error(reason);
      void shutdown(reason, 1);
    });
  }
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof PortInUseError ? error.message : error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
