import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPathPrefix, checksCognitoToken, type RouteDefinition, routes } from '../../shared/api/manifest';
import { pageOfPath } from '../../shared/page-entries';
import { publicApiPath, publicApiScopeOf } from '../../shared/api/public-api';
import { spaRewriteCode, stripPrefixCode } from '../constructs/edge-functions';
import { frontendDistExists } from '../constructs/repo-paths';
import { webhookSecretPurpose } from '../../shared/webhooks';
import { deployJobs, outboxRelay, queueDefinitions, queueWorkers, scheduledJobs } from '../definitions';
import { auditTrailMismatchMetric, overdueWorkMetric, workNotEndedCleanlyMetric } from '../../functions/platform/metrics';
import { entities } from '../../functions/platform/keys';
import { backgroundNeeds, guardedRouteThrottles, needsOf } from './stateless-stack';
import { originVerifyHeader } from '../../shared/api/origin';
import { readsThatChangeState, routeAudit, type AuditDecision } from '../../shared/api/route-audit';
import { type CfnResource, cfnText, resourcesOf, synthesizeTestApp, type TestApp } from './test-app';

const manifest = routes as readonly RouteDefinition[];
const handlers = [...new Set(manifest.map((route) => route.handler))];
/** Queue workers and scheduled jobs: functions that no route calls. */
const backgroundHandlers = Object.keys(backgroundNeeds);

/** CloudFront's managed policies, by their fixed ids. */
const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHostHeader = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let testApp: TestApp;
let template: Template;

beforeAll(() => {
  testApp = synthesizeTestApp();
  template = testApp.statelessTemplate;
});

function apiFunctions(): [string, CfnResource][] {
  return resourcesOf(template, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties?.Runtime !== undefined && String(fn.Properties.Runtime).startsWith('nodejs'));
}

function functionOf(handler: string): CfnResource {
  const found = apiFunctions().find(([, fn]) => fn.Properties?.Description === `functions/${handler}`);
  if (!found) throw new Error(`no function for ${handler}`);
  return found[1];
}

function policyStatementsOf(fn: CfnResource): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  const role = (fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = resourcesOf(template, 'AWS::IAM::Policy').filter(([, policy]) =>
    (policy.Properties?.Roles as { Ref: string }[]).some((ref) => ref.Ref === role),
  );
  return policies.flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: [] }).Statement);
}

function actionsOf(fn: CfnResource): string[] {
  return policyStatementsOf(fn).flatMap((statement) => [statement.Action].flat());
}

/** A job's actions but the table's, its logs' and sending its failed runs to its own dead-letter queue. */
function actionsBeyondTableAndDeadLetters(fn: CfnResource): string[] {
  const toDeadLetters = (resource: unknown) => /ScheduleDeadLetters/.test(cfnText(resource));
  return policyStatementsOf(fn)
    .filter((statement) => !(toDeadLetters(statement.Resource) && [statement.Action].flat().every((action) => action.startsWith('sqs:'))))
    .flatMap((statement) => [statement.Action].flat())
    .filter((action) => !action.startsWith('dynamodb:') && !action.startsWith('logs:'));
}

function runEdgeFunction(code: string, uri: string): string {
  const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('API functions', () => {
  it('are one Lambda function per handler of the route manifest, plus the workers and jobs, and nothing else on Node', () => {
    expect(apiFunctions()).toHaveLength(handlers.length + backgroundHandlers.length);
    for (const handler of [...handlers, ...backgroundHandlers]) expect(functionOf(handler)).toBeDefined();
  });

  it('run nodejs24.x on arm64 with 512 MB and a 10 s timeout, logging to their own log group', () => {
    for (const handler of handlers) {
      const fn = functionOf(handler);
      expect(fn.Properties, handler).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/Logs/) } },
      });
    }
    for (const [, logGroup] of resourcesOf(template, 'AWS::Logs::LogGroup')) expect(logGroup.Properties?.RetentionInDays).toBeGreaterThan(0);
  });

  it('write logs only to their own log group, without the AWS-managed basic execution policy', () => {
    for (const [id, role] of resourcesOf(template, 'AWS::IAM::Role')) expect(role.Properties?.ManagedPolicyArns, id).toBeUndefined();
  });

  it('may only read the table unless the route declares more, never Scan, and reach only its own indexes', () => {
    for (const route of manifest) {
      const actions = actionsOf(functionOf(route.handler));
      expect(actions, route.path).toContain('dynamodb:Query');
      expect(actions, route.path).not.toContain('dynamodb:Scan');
      const tableWrites = actions.filter((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action));
      const expectedWrites = { none: [], read: [], update: ['dynamodb:UpdateItem'], readWrite: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] };
      // A public API route also counts its key's requests: at least an update.
      const declared = needsOf(route).table;
      expect(tableWrites.sort(), route.path).toEqual(expectedWrites[publicApiScopeOf(route) && declared === 'read' ? 'update' : declared]);
      const resources = policyStatementsOf(functionOf(route.handler)).flatMap((statement) => [statement.Resource].flat().map(cfnText));
      // Wildcards only where a name cannot be known: the company documents', staged uploads', exports' and invoices' keys,
      // the SES identity the deployment verifies, and a phone number SNS texts (checked below).
      const wildcards = resources.filter((resource) => resource.includes('*') && !(needsOf(route).sendsSms && /^(\*|arn:<AWS::Partition>:sns:\*:\*:\*)$/.test(resource)));
      for (const resource of wildcards) expect(resource, route.path).toMatch(/(\/companies\/\*|\/uploads\/\*|\/exports\/\*|\/invoices\/\*|:identity\/\*)$/);
    }
    // Every change to employees, cards, fees and /card sessions writes at least its audit record or session item.
    for (const route of manifest.filter((r) => r.method !== 'GET' && /^(employees|fees|cardholders)\//.test(r.handler))) {
      expect(needsOf(route).table, `${route.method} ${route.path}`).toBe('readWrite');
    }
    expect(needsOf({ handler: 'users/list-team' }).table).toBe('read');
    expect(needsOf({ handler: 'users/log-out' }).table).toBe('readWrite');
    // Issue 31: an audit record is a put in the change's transaction, so every route that records one may put.
    const decisions: Readonly<Record<string, AuditDecision>> = { ...routeAudit, ...readsThatChangeState };
    for (const [handler, decision] of Object.entries(decisions)) if ('records' in decision) expect(needsOf({ handler }).table, handler).toBe('readWrite');
  });

  it('touch no bucket, queue, mail or Cognito user until a route declares it, and then only by named actions', () => {
    const objectActions = { none: [], read: ['s3:GetObject', 's3:ListBucket'], write: ['s3:PutObject'], readWrite: ['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject'] };
    // Report and export files are written in parts, and their writer may abort its own upload.
    const streamed = (access: keyof typeof objectActions) => [...objectActions[access], ...(access === 'write' || access === 'readWrite' ? ['s3:AbortMultipartUpload'] : [])];
    for (const route of manifest) {
      const actions = actionsOf(functionOf(route.handler));
      const needs = needsOf(route);
      const expectedObjectActions = [...new Set([...objectActions[needs.documents], ...objectActions[needs.uploads], ...streamed(needs.reports), ...streamed(needs.exports), ...objectActions[needs.invoices]])].sort();
      expect(actions.filter((action) => action.startsWith('s3:')).sort(), route.path).toEqual(expectedObjectActions);
      const sendActions = needs.sendTo.length > 0 ? ['sqs:SendMessage'] : [];
      expect([...new Set(actions.filter((action) => action.startsWith('sqs:')))].sort(), route.path).toEqual(sendActions);
      expect(actions.filter((action) => action.startsWith('ses:')), route.path).toEqual(needs.sendsEmail ? ['ses:SendEmail'] : []);
      const cognito = actions.filter((action) => action.startsWith('cognito-idp:'));
      expect(cognito.sort(), route.path).toEqual(needsOf(route).cognitoAdmin.map((action) => `cognito-idp:${action}`).sort());
    }
  });

  it('presign uploads into staging only, and reach kept files only where a check accepts them or a link reads them', () => {
    // The key prefix each object statement names (documents bucket: uploads/* or companies/*).
    const objectPrefixes = (handler: string) =>
      [...new Set(policyStatementsOf(functionOf(handler)).filter((statement) => [statement.Action].flat().some((action) => /^s3:\w+Object$/.test(action))).flatMap((statement) => [statement.Resource].flat().map((resource) => /\/(\w+\/\*)$/.exec(cfnText(resource))?.[1])))].sort();
    for (const handler of ['onboarding/create-document-upload', 'messaging/create-attachment-upload', 'messaging/create-inbox-attachment-upload']) {
      expect(actionsOf(functionOf(handler)).filter((action) => action.startsWith('s3:')), handler).toEqual(['s3:PutObject']);
      expect(objectPrefixes(handler), handler).toEqual(['uploads/*']);
    }
    for (const handler of ['onboarding/confirm-document', 'messaging/create-chat', 'messaging/post-message', 'messaging/post-inbox-message']) {
      expect(objectPrefixes(handler), handler).toEqual(['companies/*', 'uploads/*']);
    }
    for (const handler of ['onboarding/get-document-link', 'messaging/get-attachment-link', 'messaging/get-inbox-attachment-link']) {
      expect(objectPrefixes(handler), handler).toEqual(['companies/*']);
    }
  });

  it('text phone numbers only when a route declares it, and never publish to a topic or endpoint', () => {
    for (const route of manifest) {
      const statements = policyStatementsOf(functionOf(route.handler)).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('sns:')));
      const expected = needsOf(route).sendsSms
        ? [
            { Effect: 'Allow', Action: 'sns:Publish', Resource: '*' },
            { Effect: 'Deny', Action: 'sns:Publish', Resource: 'arn:<AWS::Partition>:sns:*:*:*' },
          ]
        : [];
      expect(statements.map((statement) => ({ ...statement, Resource: cfnText(statement.Resource) })), route.path).toEqual(expected);
    }
    expect(needsOf({ handler: 'cardholders/request-sign-in-code' }).sendsSms).toBe(true);
  });

  it('get the deployed URL of the portal as PORTAL_URL, those that link to it', () => {
    const linking = [...handlers, ...backgroundHandlers].filter((handler) => needsOf({ handler }).settings.includes('PORTAL_URL'));
    expect(linking).toContain('integrations/get-openapi');
    for (const handler of linking) {
      const variables = functionOf(handler).Properties?.Environment as { Variables: Record<string, unknown> };
      expect(cfnText(variables.Variables.PORTAL_URL), handler).toMatch(/^https:\/\/<Distribution[0-9A-F]{8}\.DomainName>$/);
    }
  });
});

describe('webhook signing secrets', () => {
  const sealing = ['webhooks/create-webhook-endpoint', 'webhooks/rotate-webhook-secret', 'webhooks/seal-webhook-secrets'];
  const opening = ['webhooks/deliver-webhooks'];
  const keyArn = /^<import:BonusCardStateful:ExportsOutputFnGetAttWebhookSecretsKey[0-9A-F]{8}Arn/;
  const kmsStatementsOf = (handler: string) =>
    policyStatementsOf(functionOf(handler)).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('kms:'))) as {
      Action: string;
      Resource: unknown;
      Condition?: unknown;
    }[];

  it('may be sealed by the functions that create, rotate or migrate them, and opened by the worker that signs deliveries alone, for their purpose only', () => {
    for (const handler of [...handlers, ...backgroundHandlers]) {
      const statements = kmsStatementsOf(handler);
      const variables = (functionOf(handler).Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      const expected = sealing.includes(handler) ? 'kms:GenerateDataKey' : opening.includes(handler) ? 'kms:Decrypt' : undefined;
      if (!expected) {
        expect(statements, handler).toEqual([]);
        expect(variables.WEBHOOK_SECRETS_KEY_ARN, handler).toBeUndefined();
        continue;
      }
      expect(statements, handler).toHaveLength(1);
      expect(statements[0]?.Action, handler).toBe(expected);
      expect(cfnText(statements[0]?.Resource), handler).toMatch(keyArn);
      expect(statements[0]?.Condition, handler).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': webhookSecretPurpose } });
      expect(cfnText(variables.WEBHOOK_SECRETS_KEY_ARN), handler).toMatch(keyArn);
    }
  });

  it('made before issue 30 are sealed by a deploy job that CloudFormation starts once, after the functions that read both shapes', () => {
    const runs = resourcesOf(template, 'Custom::DeployJob');
    expect(runs).toHaveLength(deployJobs.length);
    for (const job of deployJobs) {
      const fnId = apiFunctions().find(([, fn]) => fn.Properties?.Description === `functions/${job.handler}`)?.[0];
      const run = runs.find(([, candidate]) => cfnText(candidate.Properties?.ServiceToken) === `<${fnId}.Arn>`)?.[1];
      expect(run?.Properties, job.handler).toMatchObject({ Job: job.handler });
      const dependsOn = [run?.DependsOn].flat().map(String);
      for (const after of job.after) {
        const afterId = apiFunctions().find(([, fn]) => fn.Properties?.Description === `functions/${after}`)?.[0] ?? '';
        expect(dependsOn.some((id) => id.startsWith(afterId.replace(/[0-9A-F]{8}$/, ''))), `${job.handler} after ${after}`).toBe(true);
      }
    }
    // The functions that scan the table: the two migrations, for which no key leads to all they change.
    const scanning = [...handlers, ...backgroundHandlers].filter((handler) => actionsOf(functionOf(handler)).includes('dynamodb:Scan'));
    expect(scanning.sort()).toEqual(['funding/index-card-statements', 'webhooks/seal-webhook-secrets']);
  });
});

describe('card issuer webhook, sandbox worker and monthly fee job', () => {
  const variablesOf = (handler: string) => (functionOf(handler).Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
  const importOf = (pattern: RegExp) => (value: unknown) => expect(cfnText(value)).toMatch(pattern);
  const secretArn = /^<import:BonusCardStateful:ExportsOutputRefIssuerWebhookSecret[0-9A-F]{8}/;
  const sandboxQueueUrl = /^<import:BonusCardStateful:ExportsOutputRefIssuerSandboxJobsQueue[0-9A-F]{8}/;
  const sandboxQueueArn = /^<import:BonusCardStateful:ExportsOutputFnGetAttIssuerSandboxJobsQueue[0-9A-F]{8}Arn/;

  it('gives the webhook the ARN of the secret and GetSecretValue on it alone, never the secret itself', () => {
    const variables = variablesOf('employees/receive-issuer-event');
    importOf(secretArn)(variables.ISSUER_WEBHOOK_SECRET_ARN);
    expect(variables.ISSUER_WEBHOOK_SECRET).toBeUndefined();
    const statements = policyStatementsOf(functionOf('employees/receive-issuer-event')).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')));
    expect(statements).toHaveLength(1);
    expect(statements[0]?.Action).toBe('secretsmanager:GetSecretValue');
    importOf(secretArn)(statements[0]?.Resource);
    expect(needsOf({ handler: 'employees/receive-issuer-event' }).table).toBe('readWrite');
  });

  it('gives the payment authorization routes the same verification, and lets no other API function read the secret', () => {
    const verifying = ['employees/receive-issuer-event', 'authorizations/authorize-payment', 'authorizations/receive-authorization-event'];
    expect(handlers.filter((handler) => needsOf({ handler }).issuerWebhook === 'verify').sort()).toEqual([...verifying].sort());
    for (const handler of verifying) {
      importOf(secretArn)(variablesOf(handler).ISSUER_WEBHOOK_SECRET_ARN);
      expect(variablesOf(handler).ISSUER_WEBHOOK_SECRET, handler).toBeUndefined();
    }
    for (const handler of handlers.filter((candidate) => !verifying.includes(candidate))) {
      expect(actionsOf(functionOf(handler)).filter((action) => action.startsWith('secretsmanager:')), handler).toEqual([]);
      expect(variablesOf(handler).ISSUER_WEBHOOK_SECRET_ARN, handler).toBeUndefined();
    }
  });

  it("gives the functions that order cards the sandbox's queue, its delivery delay and send permission on that queue only", () => {
    const ordering = handlers.filter((handler) => needsOf({ handler }).sendTo.includes('issuerSandbox'));
    // An approved new user's card is ordered by the approval (issue 35).
    expect(ordering.sort()).toEqual(['approvals/approve-request', 'employees/add-employee', 'employees/replace-card']);
    for (const handler of ordering) {
      const variables = variablesOf(handler);
      importOf(sandboxQueueUrl)(variables.ISSUER_SANDBOX_QUEUE_URL);
      expect(Number(variables.ISSUER_SANDBOX_DELIVERY_SECONDS), handler).toBeGreaterThan(0);
      const sends = policyStatementsOf(functionOf(handler)).filter((statement) => [statement.Action].flat().includes('sqs:SendMessage'));
      expect(sends, handler).toHaveLength(1);
      // The approval also hands approved funding files to the funding queue; the others send to the sandbox's only.
      const queues = [sends[0]?.Resource].flat();
      expect(queues, handler).toHaveLength(handler === 'approvals/approve-request' ? 2 : 1);
      expect(queues.filter((queue) => sandboxQueueArn.test(cfnText(queue))), handler).toHaveLength(1);
    }
    // The other card actions know the queue, as the sandbox's class (bundled whole) reads it, but may not send to it.
    for (const handler of handlers.filter((candidate) => !ordering.includes(candidate))) {
      const knows = needsOf({ handler }).cardIssuer;
      expect(variablesOf(handler).ISSUER_SANDBOX_QUEUE_URL !== undefined, handler).toBe(knows);
      const sandboxStatements = policyStatementsOf(functionOf(handler)).filter((statement) => [statement.Resource].flat().some((resource) => sandboxQueueArn.test(cfnText(resource))));
      expect(sandboxStatements, handler).toEqual([]);
    }
  });

  it('lets the report and export workers write, and abort, their files only under their own prefix', () => {
    const objectStatements = (handler: string) =>
      policyStatementsOf(functionOf(handler))
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:') && action !== 's3:ListBucket'))
        .map((statement) => ({ actions: [statement.Action].flat().sort(), resources: [statement.Resource].flat().map(cfnText) }));
    const exportWriter = objectStatements('exports/write-export-files');
    expect(exportWriter).toHaveLength(1);
    expect(exportWriter[0]?.actions).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
    expect(exportWriter[0]?.resources[0]).toMatch(/\/exports\/\*$/);
    const reportWriter = objectStatements('reports/build-report');
    expect(reportWriter).toHaveLength(1);
    expect(reportWriter[0]?.actions).toEqual(['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(reportWriter[0]?.resources[0]).toMatch(/\/companies\/\*$/);
  });

  it('lets the invoices worker only put invoice PDFs under their prefix, the downloads only get them, and no function delete one (issue 34)', () => {
    const objectStatements = (handler: string) =>
      policyStatementsOf(functionOf(handler))
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:') && action !== 's3:ListBucket'))
        .map((statement) => ({ actions: [statement.Action].flat().sort(), resources: [statement.Resource].flat().map(cfnText) }));
    expect(objectStatements('invoices/issue-invoices')).toEqual([{ actions: ['s3:PutObject'], resources: [expect.stringMatching(/Documents.*\/invoices\/\*$/)] }]);
    for (const download of ['invoices/get-invoice-file', 'invoices/get-admin-invoice-file']) {
      expect(objectStatements(download)).toEqual([{ actions: ['s3:GetObject'], resources: [expect.stringMatching(/\/invoices\/\*$/)] }]);
    }
    for (const [id, fn] of apiFunctions()) {
      const deletes = policyStatementsOf(fn).filter((statement) => [statement.Action].flat().includes('s3:DeleteObject'));
      for (const statement of deletes) expect(cfnText(statement.Resource), id).not.toMatch(/\/invoices\//);
    }
    // The provider's details and the VAT settings reach the worker alone.
    for (const [, fn] of apiFunctions()) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const worker = fn.Properties?.Description === 'functions/invoices/issue-invoices';
      for (const name of ['INVOICE_SELLER', 'INVOICE_VAT_RATE_BASIS_POINTS', 'INVOICE_VAT_EXEMPTION']) expect(name in variables, `${String(fn.Properties?.Description)} ${name}`).toBe(worker);
      if (worker) {
        expect(JSON.parse(String(variables.INVOICE_SELLER))).toMatchObject({ name: 'SIA "Bonus Card Latvia"', iban: 'LV80BANK0000435195001' });
        expect(variables.INVOICE_VAT_RATE_BASIS_POINTS).toBe('2100');
        expect(variables.INVOICE_VAT_EXEMPTION).toBe('');
      }
    }
  });

  it('sizes every queue for its worker: a visibility of six times its timeout, and a cap on concurrent invocations', () => {
    const mappings = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').map(([, mapping]) => mapping);
    for (const worker of queueWorkers) {
      const queue = queueDefinitions.find((definition) => definition.role === worker.queue);
      expect(queue?.visibilityTimeoutSeconds, worker.handler).toBeGreaterThanOrEqual(6 * worker.timeoutSeconds);
      expect(functionOf(worker.handler).Properties?.Timeout, worker.handler).toBe(worker.timeoutSeconds);
      const prefix = worker.handler.split(/[/-]/).map((part) => `${part[0]?.toUpperCase()}${part.slice(1)}`).join('');
      const mapping = mappings.find((candidate) => String((candidate.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref).startsWith(prefix));
      expect(mapping?.Properties, worker.handler).toMatchObject({ BatchSize: worker.batchSize, ScalingConfig: { MaximumConcurrency: worker.maxConcurrency } });
    }
  });

  it("runs the sandbox's worker from its queue with partial batch responses, posting to the webhook route through CloudFront", () => {
    const worker = queueWorkers.find((candidate) => candidate.queue === 'issuerSandbox');
    if (!worker) throw new Error('no sandbox worker');
    const queue = queueDefinitions.find((definition) => definition.role === worker.queue);
    const fn = functionOf(worker.handler);
    expect(fn.Properties?.Timeout).toBe(worker.timeoutSeconds);
    // A message must not be handed out again while the worker still has it.
    expect(queue?.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * worker.timeoutSeconds);
    const mapping = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').map(([, candidate]) => candidate).find((candidate) => /^IssuerSendIssuerEvents/.test(String((candidate.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref)));
    if (!mapping) throw new Error('no event source of the sandbox worker');
    expect(mapping.Properties).toMatchObject({ BatchSize: worker.batchSize, FunctionResponseTypes: ['ReportBatchItemFailures'], FunctionName: { Ref: expect.stringMatching(/^IssuerSendIssuerEvents/) } });
    importOf(sandboxQueueArn)(mapping.Properties?.EventSourceArn);
    // Each worker's queue, and the outbox relay's table stream.
    expect(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).toHaveLength(queueWorkers.length + 1);

    const variables = variablesOf(worker.handler);
    // Through CloudFront's /api path, as the real issuer posts: the API's own address refuses what skips CloudFront.
    expect(cfnText(variables.ISSUER_WEBHOOK_URL)).toMatch(/^https:\/\/<Distribution[0-9A-F]{8}\.DomainName>\/api\/issuer\/events$/);
    importOf(secretArn)(variables.ISSUER_WEBHOOK_SECRET_ARN);
    const actions = actionsOf(fn);
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'secretsmanager:GetSecretValue', 'dynamodb:UpdateItem']));
    expect(actions.filter((action) => /^dynamodb:(Put|Delete|BatchWrite)/.test(action))).toEqual([]);
  });

  it('charges the monthly fees by a schedule at 02:00 UTC on the 1st of each month, with table writes', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function').find(([, candidate]) => candidate.Properties?.Description === 'functions/fees/charge-monthly-fees');
    if (!fn) throw new Error('no monthly fee function');
    const [fnId, feeFunction] = fn;
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties?.ScheduleExpression === 'cron(0 2 1 * ? *)');
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1].Properties).toMatchObject({
      ScheduleExpression: 'cron(0 2 1 * ? *)',
      State: 'ENABLED',
      Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: expect.any(Number) }) })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    expect(Number(feeFunction.Properties?.Timeout)).toBeGreaterThanOrEqual(300);
    expect(actionsOf(feeFunction)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    // Then it asks the invoices worker for the month before's invoices (issue 34): on that queue alone.
    expect(actionsBeyondTableAndDeadLetters(feeFunction)).toEqual(['sqs:SendMessage']);
    const sends = policyStatementsOf(feeFunction).filter((statement) => [statement.Action].flat().includes('sqs:SendMessage') && !/ScheduleDeadLetters/.test(cfnText(statement.Resource)));
    expect(sends.map((statement) => cfnText(statement.Resource))).toEqual([expect.stringMatching(/InvoicesJobsQueue/)]);
  });

  it('releases expired card authorizations by a schedule every 15 minutes, with table writes only', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function').find(([, candidate]) => candidate.Properties?.Description === 'functions/authorizations/release-expired-authorizations');
    if (!fn) throw new Error('no authorization release function');
    const [fnId, releaseFunction] = fn;
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties?.ScheduleExpression === 'rate(15 minutes)' && cfnText(rule.Properties?.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1].Properties).toMatchObject({ State: 'ENABLED', Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })] });
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com', FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    expect(actionsOf(releaseFunction)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actionsBeyondTableAndDeadLetters(releaseFunction)).toEqual([]);
  });
});

describe('approval expiry (issue 35)', () => {
  it('expires unanswered requests by a schedule every 15 minutes, with table writes only', () => {
    const fn = resourcesOf(template, 'AWS::Lambda::Function').find(([, candidate]) => candidate.Properties?.Description === 'functions/approvals/expire-approvals');
    if (!fn) throw new Error('no approval expiry function');
    const [fnId, expiryFunction] = fn;
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties?.ScheduleExpression === 'rate(15 minutes)' && cfnText(rule.Properties?.Targets).includes(fnId));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1].Properties).toMatchObject({ State: 'ENABLED' });
    expect(actionsOf(expiryFunction)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem']));
    expect(actionsBeyondTableAndDeadLetters(expiryFunction)).toEqual([]);
  });
});

describe('outbox relay (issue 31)', () => {
  const relay = () => functionOf(outboxRelay.handler);
  const mapping = () => {
    const found = resourcesOf(template, 'AWS::Lambda::EventSourceMapping').find(([, candidate]) => /^PlatformRelayOutbox/.test(String((candidate.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref)));
    if (!found) throw new Error('no event source of the outbox relay');
    return found[1];
  };

  it('reads the table stream from its oldest record, only outbox and audit record inserts, halving a failed batch and retrying it, then giving it up to a queue', () => {
    expect(mapping().Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: outboxRelay.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: outboxRelay.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [entities.outboxItem, entities.auditRecord].map((entity) => ({ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [entity] } } } }) })) },
    });
    expect(cfnText(mapping().Properties?.EventSourceArn)).toMatch(/^<import:BonusCardStateful:ExportsOutputFnGetAttTable[0-9A-F]{8}StreamArn/);
    expect(cfnText((mapping().Properties?.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toMatch(/OutboxRelayGivenUp/);
    expect(relay().Properties?.Timeout).toBe(outboxRelay.timeoutSeconds);
  });

  it('alarms when a record is given up', () => {
    const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) => /OutboxRelayGivenUp/.test(JSON.stringify(alarm.Properties?.Dimensions ?? null)));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.[1].Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', AlarmActions: [expect.anything()] });
  });

  it('may read the stream and send to the webhooks, mail and invoices queues and its on-failure queue, and nothing of the table', () => {
    const statements = policyStatementsOf(relay());
    const resourcesOfAction = (action: string) => statements.filter((statement) => [statement.Action].flat().includes(action)).map((statement) => cfnText(statement.Resource));
    expect([...new Set(actionsOf(relay()))].sort()).toEqual(
      // Besides its own log group's.
      ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams', 'logs:CreateLogStream', 'logs:PutLogEvents', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'].sort(),
    );
    expect(resourcesOfAction('dynamodb:GetRecords').join()).toMatch(/StreamArn/);
    const queues = resourcesOfAction('sqs:SendMessage').join(' ');
    // The invoices queue too: a credit note's PDF is queued by its outbox item (issue 34).
    for (const queue of [/WebhooksJobsQueue/, /MailJobsQueue/, /InvoicesJobsQueue/, /OutboxRelayGivenUp/]) expect(queues).toMatch(queue);
    expect(queues).not.toMatch(/FundingJobsQueue|ReportsJobsQueue|ExportsJobsQueue|IssuerSandbox/);
  });
});

describe('audit digest job (issue 31)', () => {
  const job = () => {
    const found = resourcesOf(template, 'AWS::Lambda::Function').find(([, candidate]) => candidate.Properties?.Description === 'functions/activity/digest-audit-trail');
    if (!found) throw new Error('no audit digest function');
    return found;
  };

  it('runs daily at 22:45 UTC (00:45 or 01:45 in Riga), for up to 15 minutes', () => {
    const [fnId, fn] = job();
    const rules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties?.ScheduleExpression === 'cron(45 22 * * ? *)');
    expect(rules).toHaveLength(1);
    expect(rules[0]?.[1].Properties).toMatchObject({ State: 'ENABLED', Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, DeadLetterConfig: expect.anything() })] });
    expect(fn.Properties?.Timeout).toBe(900);
  });

  it('reads and writes digests under their prefix, lists only that prefix, deletes nothing, and updates its table items without put or delete', () => {
    const [, fn] = job();
    const statements = policyStatementsOf(fn).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    expect(statements.map((statement) => ({ actions: [statement.Action].flat().sort(), resource: cfnText(statement.Resource) }))).toEqual([
      { actions: ['s3:GetObject', 's3:PutObject'], resource: expect.stringMatching(/AuditDigests.*\/digests\/\*$/) },
      { actions: ['s3:ListBucket'], resource: expect.stringMatching(/AuditDigests/) },
    ]);
    // A list names the digests' prefix; a read of a missing digest asks for the right without one (a 404, not a 403).
    expect(JSON.stringify(statements[1])).toContain('"StringLikeIfExists":{"s3:prefix":["digests/*"]}');
    expect(actionsOf(fn).filter((action) => /Delete|BatchWrite|PutItem/.test(action))).toEqual([]);
    expect(actionsOf(fn)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem']));
  });

  it('is the only function that knows the digests bucket; the screen\'s check reads the table only', () => {
    const withBucket = apiFunctions().filter(([, fn]) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.AUDIT_DIGESTS_BUCKET !== undefined);
    expect(withBucket.map(([, fn]) => fn.Properties?.Description)).toEqual(['functions/activity/digest-audit-trail']);
    const check = functionOf('activity/get-activity-verification');
    expect(actionsOf(check).filter((action) => !action.startsWith('dynamodb:') && !action.startsWith('logs:'))).toEqual([]);
    expect(needsOf({ handler: 'activity/get-activity-verification' }).table).toBe('read');
  });
});

describe('alarms', () => {
  interface AlarmMetric {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: unknown }[] }; Stat: string };
  }
  const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm');
  const metricsOf = (alarm: CfnResource) => (alarm.Properties?.Metrics ?? []) as AlarmMetric[];
  /** The stateful stack's alarms topic, as this stack imports it. */
  const topicImport = () => {
    const [[topicId]] = resourcesOf(testApp.statefulTemplate, 'AWS::SNS::Topic') as [[string, CfnResource]];
    return `<import:BonusCardStateful:ExportsOutputRef${topicId}`;
  };

  it('notify the alarms topic, and take a period without data as fine', () => {
    expect(alarms().length).toBeGreaterThan(0);
    for (const [id, alarm] of alarms()) {
      expect((alarm.Properties?.AlarmActions as unknown[]).map(cfnText), id).toEqual([expect.stringContaining(topicImport())]);
      expect(alarm.Properties?.TreatMissingData, id).toBe('notBreaching');
      expect(String(alarm.Properties?.AlarmDescription).length, id).toBeGreaterThan(40);
    }
  });

  it("fire for every function's errors and throttles, one alarm each", () => {
    for (const [fnId, fn] of apiFunctions()) {
      const own = alarms().filter(([, alarm]) =>
        metricsOf(alarm).some((metric) => metric.MetricStat?.Metric.Dimensions.some((dimension) => dimension.Name === 'FunctionName' && cfnText(dimension.Value) === `<${fnId}>`)),
      );
      expect(own, String(fn.Properties?.Description)).toHaveLength(1);
      const [[, alarm]] = own as [[string, CfnResource]];
      expect(metricsOf(alarm).flatMap((metric) => (metric.MetricStat ? [`${metric.MetricStat.Metric.Namespace} ${metric.MetricStat.Metric.MetricName} ${metric.MetricStat.Stat}`] : [])).sort()).toEqual([
        'AWS/Lambda Errors Sum',
        'AWS/Lambda Throttles Sum',
      ]);
      expect(alarm.Properties).toMatchObject({ ComparisonOperator: 'GreaterThanThreshold', Threshold: 0, EvaluationPeriods: 1 });
    }
  });

  it('fire at one overdue item the deadline job failed, at one piece of work not ended cleanly (issue 36) and at one audit finding (issue 31), each on its own metric', () => {
    for (const metric of [overdueWorkMetric, workNotEndedCleanlyMetric, auditTrailMismatchMetric]) {
      const own = alarms().filter(([, alarm]) => alarm.Properties?.Namespace === metric.namespace && alarm.Properties?.MetricName === metric.name);
      expect(own, metric.name).toHaveLength(1);
      expect(own[0]?.[1].Properties, metric.name).toMatchObject({ Statistic: 'Sum', Period: 300, Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    }
  });

  it("fire when more than 5% of the API's answers are 5xx, in 2 of 3 five-minute periods with at least 10 requests", () => {
    const [[apiId]] = resourcesOf(template, 'AWS::ApiGatewayV2::Api') as [[string, CfnResource]];
    const apiAlarms = alarms().filter(([, alarm]) => metricsOf(alarm).some((metric) => metric.MetricStat?.Metric.Namespace === 'AWS/ApiGateway'));
    expect(apiAlarms).toHaveLength(1);
    const [[, alarm]] = apiAlarms as [[string, CfnResource]];
    const stats = metricsOf(alarm).flatMap((metric) => (metric.MetricStat ? [metric.MetricStat] : []));
    expect(stats.map((stat) => stat.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
    for (const stat of stats) {
      expect(stat.Metric.Dimensions.map((dimension) => `${dimension.Name}=${cfnText(dimension.Value)}`).sort()).toEqual([`ApiId=<${apiId}>`, 'Stage=$default']);
    }
    expect(metricsOf(alarm).find((metric) => metric.Expression)?.Expression).toMatch(/>= 10, 100 \* .*serverErrors.*\/ /);
    expect(alarm.Properties).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 3, DatapointsToAlarm: 2 });
  });

  it('keep what each scheduled job could not run in a dead-letter queue of its own, which alarms at its first message', () => {
    const schedules = resourcesOf(template, 'AWS::Events::Rule').filter(([, rule]) => rule.Properties?.ScheduleExpression !== undefined);
    expect(schedules).toHaveLength(scheduledJobs.length);
    for (const [ruleId, rule] of schedules) {
      const [target] = rule.Properties?.Targets as { Arn: unknown; DeadLetterConfig?: { Arn: unknown }; RetryPolicy?: unknown }[] as [{ Arn: unknown; DeadLetterConfig?: { Arn: unknown }; RetryPolicy?: unknown }];
      expect(target.RetryPolicy, ruleId).toBeDefined();
      const queueId = (target.DeadLetterConfig?.Arn as { 'Fn::GetAtt': [string, string] } | undefined)?.['Fn::GetAtt'][0];
      if (!queueId) throw new Error(`${ruleId} has no dead-letter queue`);
      const queue = template.toJSON().Resources[queueId] as CfnResource;
      expect(queue.Type).toBe('AWS::SQS::Queue');
      expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
      // EventBridge may send to it, for this rule only.
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Allow', Action: 'sqs:SendMessage', Principal: { Service: 'events.amazonaws.com' }, Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ruleId, 'Arn'] } } } })]),
        },
      });
      const depthAlarms = alarms().filter(([, alarm]) =>
        metricsOf(alarm).length === 0 &&
        alarm.Properties?.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        cfnText((alarm.Properties.Dimensions as { Value: unknown }[])[0]?.Value) === `<${queueId}.QueueName>`,
      );
      expect(depthAlarms, ruleId).toHaveLength(1);
      expect(depthAlarms[0]?.[1].Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Statistic: 'Maximum' });
      // The function's failed runs, after Lambda's retries, land in the same queue.
      const fnId = (target.Arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
    }
    const feeRule = schedules.find(([, rule]) => rule.Properties?.ScheduleExpression === 'cron(0 2 1 * ? *)');
    expect(feeRule?.[1].Properties?.Targets).toEqual([expect.objectContaining({ DeadLetterConfig: expect.anything() })]);
  });
});

describe('HTTP API', () => {
  it('throttles the guarded public routes (messages, sign-up, codes) below the stage default, and no other route', () => {
    const [[, stage]] = resourcesOf(template, 'AWS::ApiGatewayV2::Stage') as [[string, CfnResource]];
    const defaults = stage.Properties?.DefaultRouteSettings as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
    const settings = stage.Properties?.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const throttled = manifest.filter((route) => guardedRouteThrottles[route.handler as keyof typeof guardedRouteThrottles]);
    expect(Object.keys(settings).sort()).toEqual(throttled.map((route) => `${route.method} ${route.path}`).sort());
    expect(Object.keys(settings)).toEqual(
      expect.arrayContaining(['POST /card/sign-in/code', 'POST /signup', 'POST /users/email/resend', 'POST /reset/password/request', 'POST /users/phone', 'POST /users/email/confirm', 'POST /reset/password', 'POST /card/sign-in']),
    );
    for (const [routeKey, limits] of Object.entries(settings)) {
      expect(limits.ThrottlingRateLimit, routeKey).toBeLessThan(defaults.ThrottlingRateLimit / 10);
      expect(limits.ThrottlingBurstLimit, routeKey).toBeLessThan(defaults.ThrottlingBurstLimit / 10);
    }
    // API Gateway refuses a route setting for a route that does not exist yet: the stage waits for the routes' stacks.
    const parentResources = Template.fromStack(testApp.stateless).toJSON().Resources as Record<string, { Type: string; DependsOn?: string[] }>;
    const parentStage = Object.values(parentResources).find((resource) => resource.Type === 'AWS::ApiGatewayV2::Stage');
    expect(parentStage?.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^AuthFunctions.*NestedStackResource/), expect.stringMatching(/^CardholdersFunctions.*NestedStackResource/)]));
  });


  it('has one route per manifest entry, with the manifest path as is, and the public API routes again under its prefix', () => {
    const routeKeys = resourcesOf(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey);
    const publicApi = manifest.filter((route) => publicApiScopeOf(route)).map((route) => `${route.method} ${publicApiPath(route)}`);
    expect(publicApi.length).toBeGreaterThan(20);
    expect(routeKeys.sort()).toEqual([...manifest.map((route) => `${route.method} ${route.path}`), ...publicApi].sort());
  });

  it('checks a Cognito JWT on every route that is not public, and none on the public API (the function checks the key)', () => {
    const [[authorizerId, authorizer]] = resourcesOf(template, 'AWS::ApiGatewayV2::Authorizer') as [[string, CfnResource]];
    expect(authorizer.Properties?.AuthorizerType).toBe('JWT');
    const jwt = authorizer.Properties?.JwtConfiguration as { Issuer: unknown; Audience: unknown[] };
    expect(cfnText(jwt.Issuer)).toMatch(/^https:\/\/<import:BonusCardStateful:ExportsOutputFnGetAttUsers[0-9A-F]{8}ProviderName/);
    expect(jwt.Audience.map(cfnText)).toEqual([expect.stringMatching(/^<import:BonusCardStateful:ExportsOutputRefUsersPortalClient/)]);

    for (const [, route] of resourcesOf(template, 'AWS::ApiGatewayV2::Route')) {
      const key = String(route.Properties?.RouteKey);
      const definition = manifest.find((candidate) => `${candidate.method} ${candidate.path}` === key);
      const publicApi = manifest.find((candidate) => publicApiScopeOf(candidate) && `${candidate.method} ${publicApiPath(candidate)}` === key);
      if (publicApi || (definition && !checksCognitoToken(definition.access))) {
        expect(route.Properties?.AuthorizationType ?? 'NONE', key).toBe('NONE');
      } else {
        expect(route.Properties, key).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } });
      }
    }
  });

  it("says, in each unguarded route's template metadata, why that route has no authorizer and what guards it instead", () => {
    const reasons = new Set<string>();
    for (const [id, route] of resourcesOf(template, 'AWS::ApiGatewayV2::Route')) {
      const key = String(route.Properties?.RouteKey);
      const definition = manifest.find((candidate) => `${candidate.method} ${candidate.path}` === key);
      const publicApi = manifest.find((candidate) => publicApiScopeOf(candidate) && `${candidate.method} ${publicApiPath(candidate)}` === key);
      const rules = (route.Metadata as { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } | undefined)?.cdk_nag?.rules_to_suppress ?? [];
      const apig4 = rules.filter((rule) => rule.id === 'AwsSolutions-APIG4');
      if (publicApi) {
        expect(apig4, id).toHaveLength(1);
        expect(apig4[0]?.reason, id).toMatch(new RegExp(`^${key.replace(/[{}/]/g, '\\$&')}: the public API, called by a company's own systems with an API key`));
        continue;
      }
      if (!definition || checksCognitoToken(definition.access)) {
        expect(apig4, id).toEqual([]);
        continue;
      }
      expect(apig4, id).toHaveLength(1);
      expect(apig4[0]?.reason.startsWith(`${definition.method} ${definition.path}: `), id).toBe(true);
      reasons.add(apig4[0]?.reason ?? '');
    }
    expect(reasons.size).toBe(manifest.filter((route) => !checksCognitoToken(route.access)).length);
  });

  it('writes the late IAM5 acknowledgements into the policies\' template metadata, with a reason each', () => {
    const acknowledged = resourcesOf(template, 'AWS::IAM::Policy').flatMap(([, policy]) =>
      ((policy.Metadata as { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } } | undefined)?.cdk_nag?.rules_to_suppress ?? []).filter((rule) =>
        rule.id.startsWith('AwsSolutions-IAM5['),
      ),
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const rule of acknowledged) expect(rule.reason.length, rule.id).toBeGreaterThan(20);
    // The grants that name a bucket of the other stack are resolved late: they are among them.
    expect(acknowledged.some((rule) => rule.id.includes('s3') || rule.id.includes('Bucket'))).toBe(true);
  });

  it('logs every request of its stage to a log group', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiAccessLogs'), 'Arn'] }, Format: Match.anyValue() },
    });
  });
});

describe('CloudFront', () => {
  const distributionConfig = () => {
    const [[, distribution]] = resourcesOf(template, 'AWS::CloudFront::Distribution') as [[string, CfnResource]];
    return distribution.Properties?.DistributionConfig as Record<string, unknown> & {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      Origins: Record<string, unknown>[];
    };
  };

  it('serves the SPA from the web bucket through origin access control, the sign-in page at the root', () => {
    const config = distributionConfig();
    expect(config.DefaultRootObject).toBe('sign-in.html');
    const webOrigin = config.Origins.find((origin) => origin.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(cfnText(webOrigin?.DomainName)).toMatch(/Web[0-9A-F]{8}RegionalDomainName/);
    expect(webOrigin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/OriginAccessControl/), 'Id'] });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
    });
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('answers client-side routes with index.html by a function, not by error pages that would hide API 404s', () => {
    const config = distributionConfig();
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaRewrite/), 'FunctionARN'] } },
    ]);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: spaRewriteCode,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('rewrites paths without a file extension and leaves files alone', () => {
    expect(runEdgeFunction(spaRewriteCode, '/dashboard')).toBe('/index.html');
    expect(runEdgeFunction(spaRewriteCode, '/users/42')).toBe('/index.html');
    expect(runEdgeFunction(spaRewriteCode, '/signup/true_beneficiary')).toBe('/index.html');
    // The employees' page is its own entry; a path that only starts like it is the portal's.
    expect(runEdgeFunction(spaRewriteCode, '/card')).toBe('/card.html');
    expect(runEdgeFunction(spaRewriteCode, '/card/')).toBe('/card.html');
    expect(runEdgeFunction(spaRewriteCode, '/cards')).toBe('/index.html');
    expect(runEdgeFunction(spaRewriteCode, '/')).toBe('/sign-in.html');
    expect(runEdgeFunction(spaRewriteCode, '/login')).toBe('/sign-in.html');
    expect(runEdgeFunction(spaRewriteCode, '/phone/setup')).toBe('/index.html');
    for (const path of ['/', '/login', '/phone/verify', '/phone/setup', '/card', '/card/x', '/cardholders', '/users/42', '/assets/card-1.js']) {
      expect(runEdgeFunction(spaRewriteCode, path), path).toBe(`/${pageOfPath(path) ?? path.slice(1)}`);
    }
    expect(runEdgeFunction(spaRewriteCode, '/assets/index-3f9a.js')).toBe('/assets/index-3f9a.js');
    expect(runEdgeFunction(spaRewriteCode, '/config.json')).toBe('/config.json');
    expect(runEdgeFunction(spaRewriteCode, '/locales/lv/common.json')).toBe('/locales/lv/common.json');
  });

  it(`sends ${apiPathPrefix}/* uncached, with every method and viewer header but Host, to the HTTP API`, () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === `${apiPathPrefix}/*`);
    expect(api).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: cachingDisabled,
      OriginRequestPolicyId: allViewerExceptHostHeader,
      ViewerProtocolPolicy: 'https-only',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^StripApiPrefix/), 'FunctionARN'] } }],
    });
    const apiOrigin = config.Origins.find((origin) => origin.Id === api?.TargetOriginId);
    expect(cfnText(apiOrigin?.DomainName)).toMatch(/^<Api[0-9A-F]{8}>\.execute-api\.<AWS::Region>\.<AWS::URLSuffix>$/);
    expect(apiOrigin?.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    // The secret header the API's functions check: a dynamic reference to the stateful stack's secret, never its value.
    const headers = (apiOrigin as { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] } | undefined)?.OriginCustomHeaders;
    expect(headers?.map((header) => header.HeaderName)).toEqual([originVerifyHeader]);
    expect(cfnText(headers?.[0]?.HeaderValue)).toMatch(/^\{\{resolve:secretsmanager:<.*OriginVerifySecret.*>:SecretString:::\}\}$/);
  });

  it('gives every route function the value CloudFront adds, and no queue worker or job', () => {
    const functions = resourcesOf(template, 'AWS::Lambda::Function').map(([, fn]) => fn);
    const routeHandlers = new Set(manifest.map((route) => route.handler));
    let checked = 0;
    for (const fn of functions) {
      const handler = String(fn.Properties?.Description ?? '').replace(/^functions\//, '');
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      if (routeHandlers.has(handler as (typeof manifest)[number]['handler'])) {
        expect(cfnText(variables.ORIGIN_VERIFY), handler).toMatch(/^\{\{resolve:secretsmanager:.*:SecretString:::\}\}$/);
        checked += 1;
      } else if (fn.Properties?.Description) {
        expect(variables.ORIGIN_VERIFY, handler).toBeUndefined();
      }
    }
    expect(checked).toBe(routeHandlers.size);
  });

  it(`strips ${apiPathPrefix} before the API sees the path`, () => {
    const code = stripPrefixCode(apiPathPrefix);
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: code });
    expect(runEdgeFunction(code, '/api/users/profile')).toBe('/users/profile');
    expect(runEdgeFunction(code, '/api/cards/c-1/block')).toBe('/cards/c-1/block');
    expect(runEdgeFunction(code, '/api/')).toBe('/');
    expect(runEdgeFunction(code, '/apiary/x')).toBe('/apiary/x');
  });

  it('adds HSTS, nosniff, DENY framing, a referrer policy and the CSP to every response', () => {
    const [[policyId, policy]] = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy') as [[string, CfnResource]];
    const headers = (policy.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: expect.any(Number), IncludeSubdomains: true, Override: true });
    expect(Number(headers.StrictTransportSecurity?.AccessControlMaxAgeSec)).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });

    const csp = cfnText(headers.ContentSecurityPolicy?.ContentSecurityPolicy);
    const directives = Object.fromEntries(csp.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives['default-src']).toBe("default-src 'self'");
    expect(directives['connect-src']).toMatch(/^connect-src 'self' https:\/\/cognito-idp\.<AWS::Region>\.amazonaws\.com /);
    expect(directives['connect-src']).toMatch(/Documents[0-9A-F]{8}RegionalDomainName/);
    expect(directives['img-src']).toBe("img-src 'self' data: blob:");
    expect(directives['style-src']).toBe("style-src 'self' 'unsafe-inline'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['base-uri']).toBe("base-uri 'self'");
    expect(directives['script-src']).toBeUndefined();

    const config = distributionConfig();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('compresses what CloudFront serves (brotli and gzip), as the local preview serves the build', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6');
  });

  it('logs to the access-log bucket', () => {
    expect(cfnText(distributionConfig().Logging)).toMatch(/AccessLogs[0-9A-F]{8}RegionalDomainName/);
  });
});

describe('web app deployment', () => {
  it('uploads the hashed files cached for a year first, then the pages and config.json revalidated, and invalidates the distribution', () => {
    const deployments = resourcesOf(template, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [[assetsId, assets], [, pages]] = [...deployments].sort(([a], [b]) => (a.startsWith('WebAssets') ? -1 : b.startsWith('WebAssets') ? 1 : 0)) as [[string, CfnResource], [string, CfnResource]];
    expect(assets.Properties).toMatchObject({ Prune: false, Exclude: ['*'], Include: ['assets/*'], SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(assets.Properties?.DistributionId).toBeUndefined();
    expect(pages.Properties).toMatchObject({
      Prune: false,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: expect.stringMatching(/^Distribution/) },
      DistributionPaths: ['/*'],
    });
    expect([(pages as { DependsOn?: string[] }).DependsOn].flat().join(' ')).toContain(assetsId.replace(/CustomResource.*$/, ''));
    expect(pages.Properties?.SourceObjectKeys).toHaveLength(frontendDistExists() ? 2 : 1);
  });

  it('tells the SPA where the API and the user pool are, in config.json', () => {
    const assemblyDir = testApp.app.outdir;
    const configFile = readdirSync(assemblyDir, { recursive: true, encoding: 'utf8' }).find((file) => path.basename(file) === 'config.json');
    if (!configFile) throw new Error('no config.json asset');
    const config = JSON.parse(readFileSync(path.join(assemblyDir, configFile), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(config).sort()).toEqual(['apiUrl', 'cognitoEndpoint', 'region', 'userPoolClientId', 'userPoolId']);
    expect(config.apiUrl).toBe(apiPathPrefix);
    expect(config.cognitoEndpoint).toBeNull();

    const [, deployment] = resourcesOf(template, 'Custom::CDKBucketDeployment').find(([id]) => id.startsWith('WebApp')) ?? [];
    if (!deployment) throw new Error('no WebApp deployment');
    // One marker map per source; the build's is empty.
    const markers = Object.assign({}, ...(deployment.Properties?.SourceMarkers as Record<string, unknown>[])) as Record<string, unknown>;
    const resolved = (value: unknown) => cfnText(markers[String(value)]);
    expect(resolved(config.region)).toBe('<AWS::Region>');
    expect(resolved(config.userPoolId)).toMatch(/ExportsOutputRefUsers[0-9A-F]{8}/);
    expect(resolved(config.userPoolClientId)).toMatch(/ExportsOutputRefUsersPortalClient/);
  });
});

describe('outputs', () => {
  it('name the portal URL, the API URL and the pool ids', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(cfnText(outputs.PortalUrl?.Value)).toMatch(/^https:\/\/<Distribution[0-9A-F]{8}\.DomainName>$/);
    expect(cfnText(outputs.ApiUrl?.Value)).toMatch(/^https:\/\/<Distribution[0-9A-F]{8}\.DomainName>\/api$/);
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['UserPoolId', 'UserPoolClientId']));
  });
});
