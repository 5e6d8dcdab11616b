import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod';
import { checksCognitoToken, cognitoTriggers, routes, type RouteDefinition } from '@shared/api/manifest';
import { publicApiPath, publicApiScopeOf } from '@shared/api/public-api';
import { errorMessages, type ErrorCode } from '@shared/errors';
import { runAsFunction } from './aws-call-recorder';
import { lambdaFunctionName } from './emulators';
import { renderOutboxPage, type Outbox } from './outbox';
import type { OutboxRelayStatus } from './outbox-relay';
import { renderWebhooksPage, type WebhookReceiver } from './webhook-receiver';
import { projectRoot } from './settings';
import { functionSettingsOf } from '../definitions';

const sesSendEmailSchema = z.object({
  Destination: z.object({ ToAddresses: z.array(z.string()).min(1) }),
  Content: z.object({ Simple: z.object({ Subject: z.object({ Data: z.string() }), Body: z.object({ Text: z.object({ Data: z.string() }) }) }) }),
});

type Handler = (event: unknown, context: Context) => Promise<unknown>;

export interface ApiServerOptions {
  port: number;
  allowedOrigins: string[];
  cognitoUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  outbox: Outbox;
  webhooks: WebhookReceiver;
  /** What the local outbox relay has done (null before it runs), at /local/outbox-relay.json. */
  outboxRelayStatus: () => OutboxRelayStatus | null;
}

/** Lambda's request payload limit: a larger body never reaches a function in the cloud either. */
const maxBodyBytes = 6 * 1024 * 1024;

export interface CompiledRoute {
  route: RouteDefinition;
  /** The path it is served at: the route's own, or its public API path (an API key's, checked by the function). */
  path: string;
  publicApi: boolean;
  pattern: RegExp;
  paramNames: string[];
}

function compile(route: RouteDefinition, publicApi = false): CompiledRoute {
  const path = publicApi ? publicApiPath(route) : route.path;
  const paramNames: string[] = [];
  const segments = path.split('/').map((segment) => {
    const param = segment.match(/^\{(\w+)\}$/)?.[1];
    if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    paramNames.push(param);
    return '([^/]+)';
  });
  return { route, path, publicApi, pattern: new RegExp(`^${segments.join('/')}$`), paramNames };
}

// As the stack deploys them: every route at its path, and the public API's again under its prefix, with no authorizer.
const compiledRoutes = (routes as readonly RouteDefinition[]).flatMap((route) => [
  compile(route),
  ...(publicApiScopeOf(route) ? [compile(route, true)] : []),
]);

/** The handler modules the adapter invokes: every route's, and the Cognito triggers' (through the Lambda Invoke API). */
export const localApiHandlers: readonly string[] = [...new Set([...compiledRoutes.map((compiled) => compiled.route.handler), ...Object.values(cognitoTriggers)])];

/** The route a request goes to; as in API Gateway the most specific wins (GET /chats/unread over /chats/{chatId}). */
export function routeFor(
  method: string,
  pathname: string,
): { kind: 'route'; match: CompiledRoute } | { kind: 'not-found' } | { kind: 'method-not-allowed'; allow: string[] } {
  const matches = compiledRoutes.filter((r) => r.pattern.test(pathname));
  if (matches.length === 0) return { kind: 'not-found' };
  const match = matches.filter((r) => r.route.method === method).sort((a, b) => a.paramNames.length - b.paramNames.length)[0];
  return match ? { kind: 'route', match } : { kind: 'method-not-allowed', allow: matches.map((r) => r.route.method) };
}

const handlerCache = new Map<string, Promise<Handler>>();
/**
 * A handler module as the stack deploys it, imported once; every invocation of the local cloud goes through it (routes,
 * queue workers, the outbox relay, deploy jobs, Cognito triggers), and runs as that function, whose AWS calls a
 * recording run records (aws-call-recorder.ts).
 */
export function loadHandler(module: string): Promise<Handler> {
  let loaded = handlerCache.get(module);
  if (!loaded) {
    loaded = import(pathToFileURL(join(projectRoot, 'functions', `${module}.ts`)).href).then(
      ({ handler }: { handler: Handler }): Handler =>
        (event, context) =>
          runAsFunction(module, () => handler(event, context)),
    );
    handlerCache.set(module, loaded);
  }
  return loaded;
}

/**
 * The Lambda context of one invocation of a handler module: its function's memory, and the time left before its timeout
 * counted from now, as the stacks deploy it (functionSettingsOf).
 */
export function lambdaContext(handlerModule: string): Context {
  const functionName = lambdaFunctionName(handlerModule);
  const { timeoutSeconds, memoryMb } = functionSettingsOf(handlerModule);
  const timeoutAt = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => timeoutAt - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) return 'too-large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, code: ErrorCode, headers: Record<string, string> = {}): void {
  sendJson(response, status, { code, message: errorMessages[code] }, headers);
}

const snsNamespace = 'http://sns.amazonaws.com/doc/2010-03-31/';

function sendXml(response: ServerResponse, status: number, xml: string): void {
  response.writeHead(status, { 'content-type': 'text/xml' });
  response.end(`<?xml version="1.0"?>\n${xml}`);
}

function snsError(code: string, message: string): string {
  return `<ErrorResponse xmlns="${snsNamespace}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
}

function corsHeaders(origin: string | undefined, allowed: string[]): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-headers': 'authorization, content-type, accept-language, idempotency-key, x-company-id',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-max-age': '600',
    vary: 'origin',
  };
}

/**
 * Serves the manifest's routes as API Gateway (HTTP API, JWT authorizer) would: verifies the Cognito access
 * token, builds a payload-v2 event and calls the same handler module the stack deploys. It also answers the
 * Lambda Invoke API for cognito-local's triggers, and shows the local outbox.
 */
export function startApiServer(options: ApiServerOptions): Promise<Server> {
  const issuer = `${options.cognitoUrl}/${options.userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));

  /** A bad token is the caller's problem (401); not reaching Cognito's keys is ours, and must not log anyone out. */
  async function verify(authorization: string | undefined): Promise<JWTPayload | null | 'unavailable'> {
    const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
      if (payload.token_use !== 'access' || payload.client_id !== options.userPoolClientId) return null;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) return 'unavailable';
      return null;
    }
  }

  async function invokeTrigger(functionName: string, body: Buffer, response: ServerResponse): Promise<void> {
    const module = Object.values(cognitoTriggers).find((m) => lambdaFunctionName(m) === functionName);
    if (!module) return sendJson(response, 404, { Type: 'User', message: `Function not found: ${functionName}` });
    let event: unknown;
    try {
      event = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(response, 400, { Type: 'User', message: 'The invocation payload is not JSON' });
    }
    const handler = await loadHandler(module);
    // cognito-local substitutes the code and writes the message to the outbox file itself (our patch).
    sendJson(response, 200, await handler(event, lambdaContext(module)));
  }

  /** SES v2 SendEmail, as far as the portal uses it: a simple text message to the outbox. */
  function sendEmailToOutbox(body: Buffer, response: ServerResponse): void {
    let parsed: ReturnType<typeof sesSendEmailSchema.safeParse>;
    try {
      parsed = sesSendEmailSchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      return sendJson(response, 400, { message: 'The request is not JSON' });
    }
    if (!parsed.success) return sendJson(response, 400, { message: 'Only simple text messages are supported locally' });
    const { Destination, Content } = parsed.data;
    // SES refuses a recipient that is no address at all, as the local one does, so a refused e-mail can be followed.
    if (Destination.ToAddresses.some((to) => !/^[^@\s]+@[^@\s]+$/.test(to))) {
      return sendJson(response, 400, { message: 'Illegal address' }, { 'x-amzn-errortype': 'BadRequestException' });
    }
    for (const to of Destination.ToAddresses) {
      options.outbox.add({ at: new Date().toISOString(), channel: 'email', to, source: 'SES SendEmail', subject: Content.Simple.Subject.Data, body: Content.Simple.Body.Text.Data });
    }
    sendJson(response, 200, { MessageId: randomUUID() });
  }

  /**
   * SNS Publish to a phone number, as far as the portal uses it (query protocol: a form-encoded body, an XML
   * answer): the text goes to the outbox, its 6-digit code in a column of its own as Cognito's codes are.
   */
  function publishSmsToOutbox(body: Buffer, response: ServerResponse): void {
    const form = new URLSearchParams(body.toString('utf8'));
    const phone = form.get('PhoneNumber');
    const message = form.get('Message');
    if (form.get('Action') !== 'Publish' || !phone || message === null) {
      return sendXml(response, 400, snsError('InvalidParameter', 'Only Publish to a phone number is supported locally'));
    }
    const code = message.match(/\b\d{6}\b/)?.[0];
    options.outbox.add({ at: new Date().toISOString(), channel: 'sms', to: phone, source: 'SNS Publish', body: message, ...(code ? { code } : {}) });
    sendXml(response, 200, `<PublishResponse xmlns="${snsNamespace}"><PublishResult><MessageId>${randomUUID()}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse, cors: Record<string, string>): Promise<void> {
    // Prefixing keeps a request target such as "//host/path" a path instead of an authority.
    let url: URL;
    try {
      url = new URL(`http://localhost${request.url ?? '/'}`);
    } catch {
      return sendError(response, 400, 'BAD_REQUEST', cors);
    }
    const method = (request.method ?? 'GET').toUpperCase();

    if (method === 'OPTIONS') {
      response.writeHead(204, cors);
      return void response.end();
    }
    if (method === 'GET' && url.pathname === '/local/outbox') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(renderOutboxPage(options.outbox.list()));
    }
    if (method === 'GET' && url.pathname === '/local/outbox.json') return sendJson(response, 200, options.outbox.list(), cors);
    if (method === 'GET' && url.pathname === '/local/webhooks') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(renderWebhooksPage(options.webhooks.list(), `http://127.0.0.1:${options.port}/local/webhooks/receive`));
    }
    if (method === 'GET' && url.pathname === '/local/webhooks.json') return sendJson(response, 200, options.webhooks.list(), cors);
    if (method === 'GET' && url.pathname === '/local/outbox-relay.json') return sendJson(response, 200, options.outboxRelayStatus(), cors);

    const body = await readBody(request);
    // The rest of the body is never read, so the connection cannot carry another request.
    if (body === 'too-large') return sendError(response, 413, 'PAYLOAD_TOO_LARGE', { ...cors, connection: 'close' });

    if (method === 'POST' && url.pathname === '/v2/email/outbound-emails') return sendEmailToOutbox(body, response);
    const webhook = url.pathname.match(/^\/local\/webhooks\/(receive|flaky)\/([\w-]{1,40})$/);
    if (method === 'POST' && webhook) {
      const requested = Number(url.searchParams.get('status'));
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
      const status = options.webhooks.receive(webhook[1] as 'receive' | 'flaky', webhook[2] ?? '', headers, body.toString('utf8'), Number.isInteger(requested) && requested >= 200 && requested <= 599 ? requested : null);
      return sendJson(response, status, { received: status < 300 });
    }
    if (method === 'POST' && url.pathname === '/' && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return publishSmsToOutbox(body, response);

    const invocation = url.pathname.match(/^\/2015-03-31\/functions\/([^/]+)\/invocations$/);
    if (method === 'POST' && invocation?.[1]) return invokeTrigger(decodeURIComponent(invocation[1]), body, response);

    const routing = routeFor(method, url.pathname);
    if (routing.kind === 'not-found') return sendError(response, 404, 'ROUTE_NOT_FOUND', cors);
    if (routing.kind === 'method-not-allowed') return sendError(response, 405, 'METHOD_NOT_ALLOWED', { ...cors, allow: routing.allow.join(', ') });
    const match = routing.match;

    let claims: JWTPayload | null = null;
    if (!match.publicApi && checksCognitoToken(match.route.access)) {
      const verified = await verify(request.headers.authorization);
      if (verified === 'unavailable') return sendError(response, 503, 'SERVICE_UNAVAILABLE', cors);
      if (!verified) return sendError(response, 401, 'UNAUTHORIZED', cors);
      claims = verified;
    }
    const values = match.pattern.exec(url.pathname)?.slice(1) ?? [];
    const pathParameters: Record<string, string> = {};
    for (const [index, name] of match.paramNames.entries()) {
      try {
        pathParameters[name] = decodeURIComponent(values[index] ?? '');
      } catch {
        return sendError(response, 400, 'BAD_REQUEST', cors);
      }
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
    ) as Record<string, string>;
    const text = body.toString('utf8');
    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey: `${match.route.method} ${match.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: match.paramNames.length ? pathParameters : undefined,
      body: text.length ? text : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: 'local',
        http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: request.socket.remoteAddress ?? '127.0.0.1', userAgent: request.headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey: `${match.route.method} ${match.path}`,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: (claims ?? {}) as Record<string, string>, scopes: [] } },
      },
      stageVariables: undefined,
    } as APIGatewayProxyEventV2WithJWTAuthorizer;

    const handler = await loadHandler(match.route.handler);
    const result = (await handler(event, lambdaContext(match.route.handler))) as APIGatewayProxyStructuredResultV2;
    response.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string> | undefined), ...cors });
    response.end(result.body ?? '');
  }

  const server = createServer((request, response) => {
    const cors = corsHeaders(request.headers.origin, options.allowedOrigins);
    handle(request, response, cors).catch((error: unknown) => {
      console.error('local adapter error', error);
      // With CORS headers, the browser shows our error instead of a network failure.
      if (!response.headersSent) sendError(response, 500, 'INTERNAL', cors);
      else response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
