import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { demoPassword, demoUsers } from './demo-data';
import { startLocalCloud } from './local-cloud';
import { PortInUseError } from './processes';
import { fixedSmsCode, projectRoot } from './settings';

// `npm start` takes no flags but --reset; the test harness starts the same cloud on its own ports and data.
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'dev' },
    'in-memory': { type: 'boolean', default: false },
    web: { type: 'string', default: 'dev' },
  },
});
const profile = z.enum(['dev', 'test']).parse(values.profile);
const web = z.enum(['dev', 'preview', 'none']).parse(values.web);
const dataDir = join(projectRoot, profile === 'dev' ? '.local' : '.test-local');
const randomSmsCodes = process.env.PORTAL_RANDOM_SMS_CODES === 'true';

/** Written once everything listens, so a harness can wait for a file instead of parsing output. */
export const readyFileName = 'ready.json';

async function main(): Promise<void> {
  const cloud = await startLocalCloud({
    profile,
    dataDir,
    reset: values.reset,
    inMemory: values['in-memory'],
    web,
    randomSmsCodes,
    log: (line) => console.log(`… ${line}`),
  });
  writeFileSync(
    join(dataDir, readyFileName),
    JSON.stringify({ pid: process.pid, urls: cloud.urls, resources: cloud.resources, userIds: cloud.userIds }, null, 2),
  );

  const accounts = demoUsers.map((u) => `  ${u.email.padEnd(24)} ${u.purpose}`).join('\n');
  console.log(`
Portal is running.
  Portal        ${cloud.urls.web}
  API           ${cloud.urls.api}
  Local outbox  ${cloud.urls.outbox}   (every SMS code and e-mail)

Demo accounts (password ${demoPassword}; SMS code ${randomSmsCodes ? 'in the outbox' : fixedSmsCode}):
${accounts}

Emulator logs are in ${dataDir}/logs. Press Ctrl-C to stop everything.`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ${cloud.processes.map((p) => `${p.name} (pid ${p.pid})`).join(', ')}`);
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  for (const managed of cloud.processes) {
    managed.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`${managed.name} exited unexpectedly (code ${code}); see ${dataDir}/logs/${managed.name}.log`);
        void shutdown('error');
      }
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(`\n${error.message}`);
  else console.error(error);
  process.exit(1);
});
