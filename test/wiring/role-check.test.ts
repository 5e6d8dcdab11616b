import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordedCallsDir, type RecordedCallsFile } from '../../infra/local/recorded-aws-calls';
import { checkRecordedCalls, readRecordedCalls, summaryOf } from '../../infra/wiring/check-recorded-calls';
import { accessModelOf, checkCalls, iamPatternMatches } from '../../infra/wiring/role-check';
import { unusedGrantsReport } from '../../infra/wiring/unused-grants';
import type { CfnTemplate, PortalTemplates } from '../../infra/wiring/template-values';
import { synthesizeTestApp } from '../../infra/stacks/test-app';
import { deployConfigContextKey, exampleDeployConfig } from '../../infra/deploy-config';
import { deployChecks } from '../../infra/wiring/deploy-checks';
import { projectRoot } from '../../infra/local/settings';

/**
 * Issue 33: every AWS call the integration and end-to-end runs recorded (infra/local/aws-call-recorder.ts) is one its
 * function's deployed role allows. `npm test` runs this after both suites; alone it checks what the last runs left.
 */
let templates: PortalTemplates;
let files: RecordedCallsFile[];

beforeAll(() => {
  files = readRecordedCalls(recordedCallsDir);
  const app = synthesizeTestApp();
  templates = { stateful: app.statefulTemplate.toJSON() as CfnTemplate, stateless: app.statelessTemplate.toJSON() as CfnTemplate };
});

describe('the recorded AWS calls', () => {
  it('are each allowed by the role the templates give their function', async () => {
    expect(files.length, `no recorded calls in ${recordedCallsDir}: run the integration or end-to-end tests first`).toBeGreaterThan(0);
    const report = await checkRecordedCalls(templates, files);
    console.log(`role check: ${summaryOf(report)}, from ${files.map((file) => file.label).join(', ')}`);
    // The grants no call used, for docs/decisions.md's review (also `npm run grants:unused`).
    writeFileSync(join(projectRoot, 'test-results', 'unused-grants.txt'), unusedGrantsReport(report));
    expect(report.problems).toEqual([]);
    // After a whole `npm test`, most functions ran: far fewer means the recording broke, not that the roles are right.
    if (process.env.PORTAL_ROLE_CHECK_WHOLE_RUN === 'true') expect(report.functions).toBeGreaterThan(100);
  });

  it('fail the check, naming function, action and resource, when a statement they need is dropped from a role', async () => {
    const file = files.find((candidate) => candidate.calls.some((call) => call.action === 'dynamodb:PutItem'));
    const call = file?.calls.find((candidate) => candidate.action === 'dynamodb:PutItem');
    if (!file || !call) throw new Error('no recorded dynamodb:PutItem to take the grant of');
    const model = accessModelOf(templates, file.environment);
    const role = model.functions.get(call.function)?.roleLogicalId;
    const mutilated = structuredClone(templates);
    const stack = model.functions.get(call.function)?.stack ?? 'stateless';
    let dropped = 0;
    for (const resource of Object.values(mutilated[stack].Resources)) {
      const properties = resource.Properties ?? {};
      if (resource.Type !== 'AWS::IAM::Policy' || !JSON.stringify(properties.Roles).includes(`"${role}"`)) continue;
      const document = properties.PolicyDocument as { Statement: { Action: string | string[] }[] };
      const before = document.Statement.length;
      document.Statement = document.Statement.filter((statement) => ![statement.Action].flat().includes('dynamodb:PutItem'));
      dropped += before - document.Statement.length;
    }
    expect(dropped).toBe(1);
    const verdicts = await checkCalls(accessModelOf(mutilated, file.environment), [call]);
    expect(verdicts[0]?.problem).toBe(`functions/${call.function}: dynamodb:PutItem on ${call.resource}: its role would refuse it (ImplicitlyDenied)`);
  });

  it('fail it when a resource policy refuses what the role allows: an audit digest written over an existing one', async () => {
    const file = files[0];
    if (!file) throw new Error('no recorded calls');
    const model = accessModelOf(templates, file.environment);
    const bucket = file.environment.AUDIT_DIGESTS_BUCKET;
    const overwrite = { function: 'activity/digest-audit-trail', action: 's3:PutObject', resource: `arn:aws:s3:::${bucket}/digests/company-1/2026-11-26.json`, context: {}, count: 1 };
    const [unguarded, guarded] = await checkCalls(model, [overwrite, { ...overwrite, context: { 's3:if-none-match': '*' } }]);
    expect(unguarded?.problem).toBe(`functions/activity/digest-audit-trail: s3:PutObject on ${overwrite.resource}: its role would refuse it (ExplicitlyDenied)`);
    expect(guarded?.allowed).toBe(true);
  });
});

describe('the dry run\'s role check, for a deployment without the card issuer sandbox', () => {
  it('leaves out the sandbox\'s queue and worker, which the tests always run, and finds nothing else refused', async () => {
    const roles = deployChecks.find((check) => check.name === 'roles');
    if (!roles) throw new Error('no roles check in infra/wiring/deploy-checks.ts');
    const app = synthesizeTestApp({ [deployConfigContextKey]: { ...exampleDeployConfig(), issuerSandbox: false } });
    expect(await roles.run({ app, assemblyDir: '' })).toEqual([]);
  });
});

describe('IAM wildcards', () => {
  it('match as IAM matches them', () => {
    expect(iamPatternMatches('arn:aws:s3:::b/documents/*', 'arn:aws:s3:::b/documents/c1/x.pdf')).toBe(true);
    expect(iamPatternMatches('arn:aws:s3:::b/documents/*', 'arn:aws:s3:::b/uploads/c1/x.pdf')).toBe(false);
    expect(iamPatternMatches('dynamodb:Get?tem', 'dynamodb:GetItem')).toBe(true);
  });
});
