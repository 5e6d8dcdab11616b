import { parseArgs } from 'node:util';
import * as z from 'zod';
import { feeMonthOf, feeMonthSchema } from '@shared/fees';
import { resetEnvForTests } from '@functions/platform/env';
import { handlerEnvironment } from './local-cloud';
import { runningCloud } from './running-cloud';
import { portProfiles, testCloudPorts } from './settings';

// `npm run fees -- 2026-11` charges the monthly fees of a month in the running `npm start` cloud, as the schedule
// does in AWS; without a month, the current one. `--profile test` reaches the cloud the end-to-end tests started
// (`--instance N` the one of their worker N).
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { profile: { type: 'string', default: 'dev' }, instance: { type: 'string', default: '0' } }, allowPositionals: true });
  const profile = z.enum(['dev', 'test']).safeParse(values.profile);
  const instance = z.coerce.number().int().min(0).max(9).safeParse(values.instance);
  const month = feeMonthSchema.safeParse(positionals[0] ?? feeMonthOf(new Date()));
  if (!month.success || !profile.success || !instance.success || (instance.data > 0 && profile.data !== 'test') || positionals.length > 1) {
    throw new Error('Usage: npm run fees -- [YYYY-MM] [--profile dev|test] [--instance N], e.g. `npm run fees -- 2026-11`.');
  }
  const ports = instance.data > 0 ? testCloudPorts(instance.data) : portProfiles[profile.data];
  Object.assign(process.env, handlerEnvironment(ports, runningCloud(profile.data, instance.data), `http://localhost:${ports.web}`, profile.data));
  // The command prints its summary; the job's info lines (an audit line per fee) are what a deployment's log holds.
  // Set on the logger itself: it read its level from the environment when this process first loaded it.
  (await import('@functions/platform/logger')).logger.setLogLevel('WARN');
  resetEnvForTests();
  // Imported once the environment points at the emulators: the job's clients are made at module load.
  const { chargeMonthlyFees } = await import('@functions/fees/charge-monthly-fees');
  const summary = await chargeMonthlyFees(month.data);
  console.log(`Monthly fees of ${month.data}: ${summary.charged} charged, ${summary.alreadyCharged} already charged, in ${summary.companies} active companies.`);
  console.log(`Invoices of ${summary.invoicedMonth} asked for: the running cloud's invoices worker issues them (Reporting > Invoices).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
