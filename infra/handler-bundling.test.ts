import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerBuildOptions } from './constructs/handler-bundling';
import { routes } from '@shared/api/manifest';
import { repoRoot } from './constructs/repo-paths';
import { backgroundNeeds, needsOf } from './stacks/stateless-stack';
import { outboxRelay, queueWorkers } from './definitions';

const workDir = mkdtempSync(path.join(tmpdir(), 'handler-bundling-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('a handler bundled as the stack bundles it', () => {
  it('takes its AWS credentials from the environment, without the SDK default chain in the bundle', async () => {
    const entry = path.join(workDir, 'credentials-probe.ts');
    writeFileSync(
      entry,
      [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        'const client = new DynamoDBClient({});',
        'const credentials = await client.config.credentials();',
        'console.log(JSON.stringify({ accessKeyId: credentials.accessKeyId, sessionToken: credentials.sessionToken }));',
      ].join('\n'),
    );
    const outfile = path.join(workDir, 'credentials-probe.mjs');
    const result = await build({
      ...handlerBuildOptions(),
      entryPoints: [entry],
      outfile,
      nodePaths: [path.join(repoRoot, 'node_modules')],
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs).filter((input) => input.includes('credential-provider-node'))).toEqual([]);

    // As Lambda starts a function: the role's session credentials in the environment, no profile files or metadata.
    const printed = execFileSync(process.execPath, [outfile], {
      env: { AWS_REGION: 'eu-north-1', AWS_ACCESS_KEY_ID: 'ASIAROLECREDENTIALS1', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'session-token' },
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual({ accessKeyId: 'ASIAROLECREDENTIALS1', sessionToken: 'session-token' });
  });
});

describe('every handler bundled at once', () => {
  let outputs: { handler: string; inputs: string[] }[] = [];
  beforeAll(async () => {
    const handlers = [...new Set([...routes.map((route) => route.handler), ...Object.keys(backgroundNeeds)])];
    const result = await build({
      ...handlerBuildOptions(),
      entryPoints: Object.fromEntries(handlers.map((handler) => [handler, path.join(repoRoot, 'functions', `${handler}.ts`)])),
      outdir: path.join(workDir, 'all'),
      minify: false,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    outputs = Object.values(result.metafile.outputs).flatMap((output) =>
      output.entryPoint === undefined
        ? []
        : [{
            handler: path.relative(path.join(repoRoot, 'functions'), path.resolve(repoRoot, output.entryPoint)).replace(/\.ts$/, ''),
            // What the bundle holds: an input tree-shaking dropped whole is listed with no bytes.
            inputs: Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
          }],
    );
  }, 120_000);

  it('writes its webhook events and e-mails as outbox items, carrying the SQS client only when it sends to or works a queue', () => {
    const telling = outputs.filter((output) => output.inputs.some((input) => input.endsWith('functions/platform/outbox.ts'))).map((output) => output.handler);
    expect(telling.length).toBeGreaterThan(10);
    const withSqs = outputs.filter((output) => output.inputs.some((input) => input.includes('node_modules/@aws-sdk/client-sqs/'))).map((output) => output.handler);
    // The card issuer sandbox (a class, bundled whole with every card action) queues its deliveries when it orders a card.
    const withSandbox = outputs.filter((output) => output.inputs.some((input) => input.endsWith('functions/issuer/sandbox-card-issuer.ts'))).map((output) => output.handler);
    const mayUseSqs = (handler: string) => needsOf({ handler }).sendTo.length > 0 || queueWorkers.some((worker) => worker.handler === handler) || withSandbox.includes(handler);
    expect(withSqs.filter((handler) => !mayUseSqs(handler))).toEqual([]);
    // Many functions only tell (their change's events, its e-mails): none of them loads an SQS client for it.
    expect(telling.filter((handler) => !withSqs.includes(handler)).length).toBeGreaterThan(10);
  });

  it('may send to the webhooks and mail queues only as the outbox relay or the webhook deliveries', () => {
    const sending = (queue: 'webhooks' | 'mail') => outputs.map((output) => output.handler).filter((handler) => needsOf({ handler }).sendTo.includes(queue)).sort();
    expect(sending('mail')).toEqual([outboxRelay.handler]);
    expect(sending('webhooks')).toEqual([outboxRelay.handler, 'webhooks/deliver-webhooks', 'webhooks/dispatch-due-webhooks', 'webhooks/redeliver-webhook'].sort());
  });

  it('carries the KMS client exactly when its function may use the webhook secrets key', () => {
    const withKms = outputs.filter((output) => output.inputs.some((input) => input.includes('node_modules/@aws-sdk/client-kms/'))).map((output) => output.handler).sort();
    const granted = outputs.map((output) => output.handler).filter((handler) => needsOf({ handler }).webhookSecrets !== 'none').sort();
    expect(granted).toEqual(['webhooks/create-webhook-endpoint', 'webhooks/deliver-webhooks', 'webhooks/rotate-webhook-secret', 'webhooks/seal-webhook-secrets']);
    expect(withKms).toEqual(granted);
  });
});
