import { parseArgs } from 'node:util';
import * as z from 'zod';
import { feeMonthOf, feeMonthSchema } from '@shared/fees';
import { resetEnvForTests } from '@functions/platform/env';
import { handlerEnvironment } from './local-cloud';
import { runningCloud } from './running-cloud';
import { portProfiles } from './settings';

// `npm run fees -- 2026-11` charges the monthly fees of a month in the running `npm start` cloud, as the schedule
// does in AWS; without a month, the current one. `--profile test` reaches the cloud the end-to-end tests started.
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { profile: { type: 'string', default: 'dev' } }, allowPositionals: true });
  const profile = z.enum(['dev', 'test']).safeParse(values.profile);
  const month = feeMonthSchema.safeParse(positionals[0] ?? feeMonthOf(new Date()));
  if (!month.success || !profile.success || positionals.length > 1) throw new Error('Usage: npm run fees -- [YYYY-MM] [--profile dev|test], e.g. `npm run fees -- 2026-11`.');
  const ports = portProfiles[profile.data];
  Object.assign(process.env, handlerEnvironment(ports, runningCloud(profile.data), `http://localhost:${ports.web}`, profile.data));
  // The command prints its summary; the job's info lines (an audit line per fee) are what a deployment's log holds.
  // Set on the logger itself: it read its level from the environment when this process first loaded it.
  (await import('@functions/platform/logger')).logger.setLogLevel('WARN');
  resetEnvForTests();
  // Imported once the environment points at the emulators: the job's clients are made at module load.
  const { chargeMonthlyFees } = await import('@functions/fees/charge-monthly-fees');
  const summary = await chargeMonthlyFees(month.data);
  console.log(`Monthly fees of ${month.data}: ${summary.charged} charged, ${summary.alreadyCharged} already charged, in ${summary.companies} active companies.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
