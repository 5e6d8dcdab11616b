import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerBuildOptions } from './constructs/handler-bundling';
import { cognitoTriggers, routes } from '@shared/api/manifest';
import type { RouteDefinition } from '@shared/api/route-definition';
import { publicApiPath, publicApiScopeOf } from '@shared/api/public-api';
import { openApiDocument } from '../functions/integrations/openapi-document';
import { repoRoot } from './constructs/repo-paths';
import { backgroundNeeds, needsOf } from './stacks/stateless-stack';
import { bundledFiles, outboxRelay, queueWorkers } from './definitions';
import { filesBesideBundle } from './constructs/portal-function';
import { invoiceFontFiles } from '../functions/invoices/invoice-fonts';
import * as envModule from '../functions/platform/env';
import { type PortalVariableName, portalVariableNames } from '../functions/platform/env';
import { environmentFindings, portalFunctionsOf, variablesNamedIn } from './wiring/function-environment';
import { synthesizeTestApp, type TestApp } from './stacks/test-app';

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

describe('the invoice PDFs bundled as the stack bundles them (issue 34)', () => {
  it('are drawn from the fonts the stack copies beside the bundle, with no node_modules to fall back on', async () => {
    // Outside the repository: the renderer cannot find the font package, only the copies beside its bundle.
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-bundle-'));
    const entry = path.join(workDir, 'invoice-pdf-probe.ts');
    writeFileSync(
      entry,
      [
        `import { renderInvoicePdf } from ${JSON.stringify(path.join(repoRoot, 'functions/invoices/invoice-pdf.ts'))};`,
        `import { invoiceRecord } from ${JSON.stringify(path.join(repoRoot, 'functions/invoices/invoice-records.ts'))};`,
        'const seller = { name: "Bonus Card SIA", registrationNumber: "40003000001", vatNumber: null, address: "Rīga", bankName: "Bank", iban: "LV80BANK0000435195001", bic: "HABALV22" };',
        'const record = invoiceRecord.parse({ companyId: "c", number: "2026-000001", kind: "invoice", issuedAt: "2026-11-01T02:00:00.000Z", issueDate: "2026-11-01", period: "2026-10", language: "ru", seller,',
        '  buyer: { name: "Ģērķēni SIA", registrationNumber: "40203555333", vatNumber: null, address: "Rīga" }, lines: [{ kind: "monthly_fee", quantity: 1, unitPriceCents: 150, netCents: 150 }],',
        '  vatRateBasisPoints: 2100, vatExemption: null, netCents: 150, vatCents: 32, totalCents: 182 });',
        'const pdf = await renderInvoicePdf(record);',
        'process.stdout.write(pdf.subarray(0, 5).toString("latin1") + " " + (pdf.toString("latin1").match(/FontFile2/g) ?? []).length);',
      ].join('\n'),
    );
    const outfile = path.join(dir, 'index.mjs');
    await build({ ...handlerBuildOptions(), entryPoints: [entry], outfile, nodePaths: [path.join(repoRoot, 'node_modules')], logLevel: 'silent' });
    for (const file of bundledFiles['invoices/issue-invoices'] ?? []) {
      mkdirSync(path.dirname(path.join(dir, file.to)), { recursive: true });
      writeFileSync(path.join(dir, file.to), readFileSync(path.join(repoRoot, file.from)));
    }
    try {
      // Both faces embedded (as subsets), the PDF standard fonts never loaded.
      expect(execFileSync(process.execPath, [outfile], { cwd: dir, encoding: 'utf8' })).toBe('%PDF- 2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

/**
 * Codes in every bundle that an API key's call never meets: the portal's own sessions (a Cognito token, its profile,
 * memberships, roles and /card sessions), and a call that skips CloudFront (the documented servers go through it).
 */
const notForApiKeys: ReadonlySet<string> = new Set([
  'UNAUTHORIZED', 'TOKEN_REVOKED', 'PROFILE_NOT_FOUND', 'FORBIDDEN', 'PHONE_SETUP_REQUIRED', 'COMPANY_HEADER_NOT_ALLOWED', 'NOT_A_MEMBER',
  'NO_CURRENT_COMPANY', 'ROLE_TOO_LOW', 'ROLE_NOT_ALLOWED', 'CARDHOLDER_SESSION_ENDED', 'ROUTE_NOT_FOUND', 'DIRECT_API_ACCESS_REFUSED',
]);

/** Codes in every bundle that only some routes can answer: by what the route's definition asks for. */
const onlyWhere: Readonly<Record<string, (route: RouteDefinition) => boolean>> = {
  IDEMPOTENCY_KEY_REQUIRED: (route) => route.idempotent === true,
  IDEMPOTENCY_KEY_REUSED: (route) => route.idempotent === true,
  IDEMPOTENCY_IN_PROGRESS: (route) => route.idempotent === true,
  COMPANY_NOT_APPROVED: (route) => route.activeCompanyOnly === true,
  FEATURE_NOT_AVAILABLE: (route) => route.feature !== undefined,
};

/**
 * The readers of functions/platform/env.ts, each called by a probe of its own, bundled with the handlers: a probe's
 * bundle shows which names its reader brings in (and that the others stay out).
 */
const readerNames = Object.entries(envModule).flatMap(([name, value]) => (typeof value === 'function' && name !== 'resetEnvForTests' ? [name] : []));
const probeOf = (name: string, module: string) => `import { ${name} } from ${JSON.stringify(path.join(repoRoot, module))};\nexport const handler = () => ${name}();\n`;
const probes: Record<string, string> = {
  ...Object.fromEntries(readerNames.map((name) => [`reader-${name}`, probeOf(name, 'functions/platform/env.ts')])),
  'no-reader': probeOf('resetEnvForTests', 'functions/platform/env.ts'),
  logger: probeOf('logger', 'functions/platform/logger.ts').replace('logger();', "logger.info('probe');"),
};

describe('every handler bundled at once', () => {
  let outputs: { handler: string; inputs: string[]; file: string }[] = [];
  /** The portal variables each handler's bundle names, and each probe's. */
  const reads = new Map<string, PortalVariableName[]>();
  const probed = new Map<string, PortalVariableName[]>();
  let testApp: TestApp;
  beforeAll(async () => {
    const handlers = [...new Set([...routes.map((route) => route.handler), ...Object.keys(backgroundNeeds), cognitoTriggers.customMessage])];
    const probeDir = path.join(workDir, 'probes');
    mkdirSync(probeDir, { recursive: true });
    for (const [name, code] of Object.entries(probes)) writeFileSync(path.join(probeDir, `${name}.ts`), code);
    const building = build({
      ...handlerBuildOptions(),
      entryPoints: {
        ...Object.fromEntries(handlers.map((handler) => [handler, path.join(repoRoot, 'functions', `${handler}.ts`)])),
        ...Object.fromEntries(Object.keys(probes).map((name) => [`probes/${name}`, path.join(probeDir, `${name}.ts`)])),
      },
      outdir: path.join(workDir, 'all'),
      minify: false,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    // The templates are made while esbuild (a process of its own) bundles.
    testApp = synthesizeTestApp();
    const result = await building;
    outputs = Object.entries(result.metafile.outputs).flatMap(([file, output]) => {
      if (output.entryPoint === undefined) return [];
      const entry = path.resolve(repoRoot, output.entryPoint);
      if (entry.startsWith(probeDir)) {
        probed.set(path.basename(entry, '.ts'), variablesNamedIn(readFileSync(path.resolve(repoRoot, file), 'utf8')));
        return [];
      }
      const handler = path.relative(path.join(repoRoot, 'functions'), entry).replace(/\.ts$/, '');
      reads.set(handler, variablesNamedIn(readFileSync(path.resolve(repoRoot, file), 'utf8')));
      return [{
        file: path.resolve(repoRoot, file),
        handler,
        // What the bundle holds: an input tree-shaking dropped whole is listed with no bytes.
        inputs: Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
      }];
    });
  }, 120_000);

  describe('function environment', () => {
    const templates = () => [testApp.statefulTemplate, testApp.statelessTemplate];

    it('names a portal variable in a bundle only through the reader of it that the bundle calls (a probe per reader)', () => {
      expect(probed.get('no-reader')).toEqual([]);
      expect(probed.get('reader-tableName')).toEqual(['TABLE_NAME']);
      expect(probed.get('logger')).toEqual(['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_LOG_LEVEL']);
      // One variable each, or two read together (a secret's value or ARN; the support address or the sender).
      for (const name of readerNames) expect(probed.get(`reader-${name}`)?.length, name).toBeOneOf([1, 2]);
      const covered = new Set([...probed.values()].flat());
      expect(portalVariableNames.filter((name) => !covered.has(name))).toEqual([]);
    });

    it('is set on each function exactly what its bundle reads: no variable missing, none for nothing', () => {
      const functions = portalFunctionsOf(templates());
      expect(functions.map((fn) => fn.handler).sort()).toEqual([...reads.keys()].sort());
      expect(environmentFindings(reads, functions)).toEqual([]);
      const variables = functions.reduce((sum, fn) => sum + fn.variables.length, 0);
      const distinct = new Set(functions.flatMap((fn) => fn.variables)).size;
      console.log(`function environment: ${functions.length} functions checked, ${variables} variables set (${distinct} distinct), each read by its bundle`);
    });

    it('names the function and the variable when a template lacks one its bundle reads, or sets one it never reads', () => {
      const json = testApp.statelessTemplate.toJSON() as { Resources: Record<string, { Type: string; Properties?: { Environment?: { Variables?: Record<string, unknown> } } }> };
      const copy = structuredClone(json);
      const idOf = (handler: string) => portalFunctionsOf([testApp.statelessTemplate]).find((fn) => fn.handler === handler)?.id ?? '';
      const variablesOf = (handler: string) => copy.Resources[idOf(handler)]?.Properties?.Environment?.Variables ?? {};
      delete variablesOf('mail/send-emails').MAIL_FROM;
      variablesOf('webhooks/dispatch-due-webhooks').PORTAL_URL = 'https://portal.example';
      const findings = environmentFindings(reads, portalFunctionsOf([testApp.statefulTemplate, Template.fromJSON(copy)]));
      expect(findings.sort()).toEqual([
        'functions/mail/send-emails reads MAIL_FROM, which its template does not set',
        'functions/webhooks/dispatch-due-webhooks is set PORTAL_URL but never reads it',
      ]);
    });
  });

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

  it('carries PDFKit only in the function that makes invoice PDFs, which gets its fonts copied beside its bundle', () => {
    const withPdfKit = outputs.filter((output) => output.inputs.some((input) => input.includes('node_modules/pdfkit/'))).map((output) => output.handler);
    expect(withPdfKit).toEqual(['invoices/issue-invoices']);
    expect(Object.keys(bundledFiles)).toEqual(withPdfKit);
    const files = bundledFiles['invoices/issue-invoices'] ?? [];
    // Each font the renderer reads, from the pinned package, to the folder the renderer looks in beside its bundle.
    const fonts = files.filter((file) => file.to.endsWith('.ttf'));
    expect(fonts.map((file) => path.basename(file.to)).sort()).toEqual(Object.values(invoiceFontFiles).sort());
    for (const file of fonts) expect(readFileSync(path.join(repoRoot, file.from)).subarray(0, 4).toString('hex'), file.from).toBe('00010000');
    // With the licence notice its terms ask to go with every copy.
    expect(readFileSync(path.join(repoRoot, files.find((file) => file.to.endsWith('LICENSE'))?.from ?? ''), 'utf8')).toContain('Bitstream Vera');
    const commands = filesBesideBundle('invoices/issue-invoices').commandHooks?.afterBundling('/in', '/out') ?? [];
    expect(commands).toContain(`cp "/in/${files[0]?.from}" "/out/${files[0]?.to}"`);
    expect(filesBesideBundle('reports/build-report')).toEqual({});
  });

  it('carries the KMS client exactly when its function may use the webhook secrets key', () => {
    const withKms = outputs.filter((output) => output.inputs.some((input) => input.includes('node_modules/@aws-sdk/client-kms/'))).map((output) => output.handler).sort();
    const granted = outputs.map((output) => output.handler).filter((handler) => needsOf({ handler }).webhookSecrets !== 'none').sort();
    expect(granted).toEqual(['webhooks/create-webhook-endpoint', 'webhooks/deliver-webhooks', 'webhooks/rotate-webhook-secret', 'webhooks/seal-webhook-secrets']);
    expect(withKms).toEqual(granted);
  });

  it("lists in the OpenAPI document every domain error a public operation's bundle can answer, at its status", () => {
    const document = openApiDocument('https://portal.example/api') as { paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json'?: { examples?: Record<string, unknown> } } }> }>> };
    // The code as the bundle writes it: tree-shaken, so only what this function can run. A code passed in a variable is
    // not seen here; those are few and each is listed by hand in the document.
    const thrown = /new DomainError\d*\((\d{3}),([^;]*?)\)[;\s]|\b(notFound|forbidden|unauthorized)\d*\(([^;]*?)\)[;\s]/g;
    const statusOfHelper: Record<string, string> = { notFound: '404', forbidden: '403', unauthorized: '401' };
    const missing: string[] = [];
    let checked = 0;
    for (const route of (routes as readonly RouteDefinition[]).filter((candidate) => publicApiScopeOf(candidate) !== undefined)) {
      const output = outputs.find((candidate) => candidate.handler === route.handler);
      if (!output) throw new Error(`${route.handler} was not bundled`);
      const responses = document.paths[publicApiPath(route)]?.[route.method.toLowerCase()]?.responses ?? {};
      for (const [, status, args, helper, helperArgs] of readFileSync(output.file, 'utf8').matchAll(thrown)) {
        const at = status ?? statusOfHelper[helper ?? ''] ?? '';
        // The code is the argument before any field messages ({ field: 'CODE' }).
        const codeArgument = (args ?? helperArgs ?? '').replace(/\{[^}]*\}/g, '');
        for (const [, code] of codeArgument.matchAll(/"([A-Z][A-Z0-9_]+)"/g)) {
          if (code === undefined || notForApiKeys.has(code) || onlyWhere[code]?.(route) === false) continue;
          checked += 1;
          const listed = Object.keys(responses[at]?.content?.['application/json']?.examples ?? {});
          if (!listed.includes(code)) missing.push(`${route.method} ${route.path}: ${at} ${code}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...new Set(missing)]).toEqual([]);
  });
});
