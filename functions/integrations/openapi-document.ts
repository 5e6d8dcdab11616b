import * as z from 'zod/mini';
import { apiKeyRequestsPerMinute, apiScopes, type ApiScope } from '@shared/api-keys';
import { routes, type RouteDefinition } from '@shared/api/manifest';
import { idempotencyKeyHeader } from '@shared/api/route-definition';
import { publicApiPath, publicApiScopeOf } from '@shared/api/public-api';
import { errorBodySchema } from '@shared/api/schemas';
import { errorMessages, type ErrorCode } from '@shared/errors';

type JsonSchema = Record<string, unknown>;

const scopeTexts: Readonly<Record<ApiScope, string>> = {
  'employees:read': 'Read employees and transactions: the employees, their cards, balances and transactions, the main account.',
  'employees:write': 'Manage employees and cards: add employees, change their phone and limits, activate, block, replace and close cards.',
  'money:write': 'Move money: fund employees from the main account, one by one or by CSV file.',
  'reports:read': 'Read reports: generate reports and download them.',
};

/** zod's JSON Schema of one side of a schema (a request's input, an answer's output), without its own $schema. */
function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** "employees/list-employees" -> "listEmployees", the operation's id. */
const operationIdOf = (handler: string) => (handler.split('/')[1] ?? handler).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
/** "employees/list-employees" -> "List employees", its summary. */
const summaryOf = (handler: string) => {
  const words = (handler.split('/')[1] ?? handler).split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const error = (description: string, codes: ErrorCode[]) => ({
  description: `${description} Codes: ${codes.join(', ')}.`,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      examples: Object.fromEntries(codes.map((code) => [code, { value: { code, message: errorMessages[code] } }])),
    },
  },
});

function parametersOf(route: RouteDefinition): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
  }
  if (route.idempotent) {
    parameters.push({
      name: idempotencyKeyHeader,
      in: 'header',
      required: true,
      description: 'One key per money action, the same for every retry of it: the action is applied once, and a retry gets the first answer (kept at least 24 hours).',
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    });
  }
  return parameters;
}

function operationOf(route: RouteDefinition, scope: ApiScope): JsonSchema {
  const responses: Record<string, unknown> = {
    '200': { description: 'Done.', content: { 'application/json': { schema: jsonSchemaOf(route.answer, 'output') } } },
    '400': error('The request is not valid: nothing was changed.', route.idempotent ? ['VALIDATION_FAILED', 'MALFORMED_JSON', 'IDEMPOTENCY_KEY_REQUIRED'] : ['VALIDATION_FAILED', 'MALFORMED_JSON']),
    '401': error('No valid key.', ['API_KEY_INVALID', 'API_KEY_REVOKED']),
    '403': error('The key may not do this, or the company is not approved.', ['INSUFFICIENT_SCOPE', 'COMPANY_NOT_APPROVED']),
    '404': error('Not found, or not this company\'s.', ['NOT_FOUND']),
    '409': error('The request conflicts with the current state.', ['CONFLICT']),
    '429': {
      ...error(`More than ${apiKeyRequestsPerMinute} requests of this key in a minute.`, ['TOO_MANY_REQUESTS']),
      headers: { 'Retry-After': { description: 'Seconds until the key may call again.', schema: { type: 'integer', minimum: 1 } } },
    },
    '503': error('A service behind the API is not available; try again later.', ['SERVICE_UNAVAILABLE']),
  };
  if (route.idempotent) responses['422'] = error('The Idempotency-Key was used before with another request.', ['IDEMPOTENCY_KEY_REUSED']);
  return {
    operationId: operationIdOf(route.handler),
    summary: summaryOf(route.handler),
    tags: [route.handler.split('/')[0] ?? 'api'],
    description: `Needs the scope \`${scope}\`.`,
    security: [{ apiKey: [scope] }],
    parameters: parametersOf(route),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses,
  };
}

/**
 * The public API's OpenAPI 3.1 document, generated from the route manifest and shared/api/public-api.ts: every public
 * route with its path and query parameters, body and answer (zod's JSON Schema of the same schemas the handlers
 * check), its scope, the Idempotency-Key of money routes and the errors it may answer. Nothing in it is written by
 * hand but the prose.
 */
export function openApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes as readonly RouteDefinition[]) {
    const scope = publicApiScopeOf(route);
    if (!scope) continue;
    const path = publicApiPath(route);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, scope) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bonus card portal API',
      version: '1.0.0',
      description:
        'The API a company\'s own systems (payroll, HR) use to run its bonus card programme. Every request carries a company API key, ' +
        'made by an owner in Integrations, as `Authorization: Bearer bck_...`; the key acts for its company within its scopes. ' +
        `Each key may make ${apiKeyRequestsPerMinute} requests a minute. Amounts are integer euro cents. Money routes need an Idempotency-Key.`,
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags: [...new Set(Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => (operation as { tags: string[] }).tags[0] ?? '')))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'bck_<key id>_<secret>',
          description: `A company API key. Its scopes: ${apiScopes.map((scope) => `\`${scope}\`: ${scopeTexts[scope]}`).join(' ')}`,
        },
      },
      schemas: { Error: jsonSchemaOf(errorBodySchema, 'output') },
    },
  };
}
