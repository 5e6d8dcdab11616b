import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { findingText } from '@functions/activity/audit-chain';
import type { AuditDigestStore } from '@functions/activity/audit-digest-store';
import { verifyAuditTrail } from '@functions/activity/audit-digests';
import { companyIdPattern } from '@shared/api/route-definition';
import { localClients } from '../local/provision';
import { runningCloud } from '../local/running-cloud';
import { portProfiles, testCloudPorts } from '../local/settings';

const usage = `Usage:
  npm run audit:verify -- --company <id> [--from YYYY-MM-DD] [--to YYYY-MM-DD]
      against the running \`npm start\` cloud (--profile test [--instance N]: a test cloud)
  npm run audit:verify -- --company <id> [--from …] [--to …] --table <the TableName output> --bucket <the digests bucket>
      against a deployment: AWS_REGION and credentials come from the environment (read-only use of both).
Re-hashes the company's audit records day by day, compares them with that day's digest, walks the chain of digests,
and names every record changed, added or removed and every digest missing. Exits 1 on any finding.`;

const isRealDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD').refine(isRealDay, 'a day of the calendar');

const argsSchema = z
  .object({
    company: z.string({ error: 'required' }).regex(companyIdPattern, 'a company id'),
    from: day.optional(),
    to: day.optional(),
    profile: z.enum(['dev', 'test']).default('dev'),
    instance: z.coerce.number().int().min(0).max(9).default(0),
    table: z.string().min(3).optional(),
    bucket: z.string().min(3).optional(),
  })
  .refine((args) => (args.table === undefined) === (args.bucket === undefined), { path: ['bucket'], message: 'give --table and --bucket together' })
  .refine((args) => !args.from || !args.to || args.from <= args.to, { path: ['to'], message: 'not before --from' })
  .refine((args) => args.instance === 0 || args.profile === 'test', { path: ['instance'], message: 'only with --profile test' });
type Args = z.infer<typeof argsSchema>;

function storeOf(args: Args): AuditDigestStore {
  if (args.table && args.bucket) {
    const dynamodb = new DynamoDBClient({});
    // s3rver and LocalStack answer only path-style addresses (functions/platform/aws/s3.ts).
    const s3 = new S3Client({ forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined });
    return { dynamodb, documents: DynamoDBDocumentClient.from(dynamodb), s3, tableName: args.table, bucket: args.bucket };
  }
  const resources = runningCloud(args.profile, args.instance);
  const clients = localClients(args.instance > 0 ? testCloudPorts(args.instance) : portProfiles[args.profile]);
  return { dynamodb: clients.dynamodb, documents: DynamoDBDocumentClient.from(clients.dynamodb), s3: clients.s3, tableName: resources.tableName, bucket: resources.auditDigestsBucket };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      company: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      profile: { type: 'string' },
      instance: { type: 'string' },
      table: { type: 'string' },
      bucket: { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n\n${usage}`);
  const args = parsed.data;
  const report = await verifyAuditTrail(storeOf(args), args.company, { from: args.from, to: args.to }, new Date());

  const numbers = new Intl.NumberFormat('en');
  const count = (value: number, one: string, many: string) => `${numbers.format(value)} ${value === 1 ? one : many}`;
  if (report.from && report.to) {
    console.log(
      `Audit trail of ${report.companyId}, ${report.from} to ${report.to}: ${count(report.days, 'day', 'days')}, ${count(report.records, 'record', 'records')} ` +
        `(digests from ${report.chainStart}; later days are not due yet).`,
    );
  } else if (report.chainStart) {
    console.log(`Audit trail of ${report.companyId}: no digested day in the range asked (digests from ${report.chainStart}).`);
  } else {
    console.log(`Audit trail of ${report.companyId}: no digest yet.`);
  }
  if (report.findings.length === 0) {
    console.log(report.days > 0 ? 'Verified: every record matches its day\'s digest, and every digest follows the one before.' : 'Nothing to verify.');
    return 0;
  }
  console.log(`${count(report.findings.length, 'finding', 'findings')}:`);
  for (const finding of report.findings) console.log(`  ${findingText(finding)}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
