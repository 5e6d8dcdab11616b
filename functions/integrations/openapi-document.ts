import * as z from 'zod/mini';
import { apiKeyRequestsPerMinute, apiScopes, type ApiScope } from '@shared/api-keys';
import { routes, type RouteDefinition } from '@shared/api/manifest';
import { idempotencyKeyHeader } from '@shared/api/route-definition';
import { publicApiPath, publicApiScopeOf, type publicApiScopes } from '@shared/api/public-api';
import { pageSizes } from '@shared/lists';
import { webhookEventCatalogue, webhookEventDataSchemas } from '@shared/webhook-events';
import { webhookDeliveryEventTypes, webhookTimeoutSeconds } from '@shared/webhooks';
import { errorBodySchema } from '@shared/api/schemas';
import { errorMessages, type ErrorCode } from '@shared/errors';

type JsonSchema = Record<string, unknown>;
type PublicHandler = keyof typeof publicApiScopes;

/** What each public operation does, for the reference (the typecheck asks for one per public route). */
const operationDescriptions: Readonly<Record<PublicHandler, string>> = {
  'employees/list-employees': 'Lists the company\'s employees, a page at a time, with their card status and balance; filter by status, card status or a search over name, phone and personal code.',
  'employees/get-employee': 'One employee with their card, balance, limits and the history of their card.',
  'transactions/list-transactions': 'Card transactions of the company\'s employees, newest first, a page at a time; filter by period, employee or merchant category group.',
  'transactions/request-transactions-export': 'Starts a CSV file of the transactions the same filters select. Poll its availability, then fetch the file.',
  'exports/get-export-availability': 'Whether a requested transactions file is ready.',
  'exports/get-export-file': 'A short-lived download address of a ready transactions file.',
  'money/get-main-account': 'The main account: the balance available to fund employees, what is reserved, and the IBAN and payment reference to top it up.',
  'fees/list-account-entries': 'The main account\'s lines (top-ups, fundings, fees), newest first, a page at a time.',
  'employees/add-employee': 'Adds an employee and orders their card. The answer is the new employee; an employee.created event follows.',
  'employees/set-employee-limits': 'Sets an employee\'s spending limits and the merchant category groups their card may pay at.',
  'employees/change-employee-phone': 'Changes the phone an employee signs in to the card app with.',
  'employees/activate-card': 'Activates a delivered card.',
  'employees/block-card': 'Blocks a card for a while: it pays nothing until it is unblocked.',
  'employees/unblock-card': 'Unblocks a card blocked with block.',
  'employees/replace-card': 'Orders a new card in place of a lost or damaged one; the replacement fee is charged to the main account.',
  'employees/close-card': 'Closes a card for good.',
  'employees/block-app-access': 'Blocks the employee\'s card app on their phone.',
  'employees/unblock-app-access': 'Lets the employee use the card app again.',
  'employees/terminate-product': 'Ends an employee\'s card product: the card is closed and the employee leaves the programme.',
  'employees/apply-bulk-card-action': 'Applies one card action to many employees at once; the answer says, per employee, whether it was applied.',
  'employees/get-employee-import-template': 'The CSV template of an employee import: one employee a row, with Add user\'s fields (name, surname, personal code, phone, e-mail), the language and the card limits in euros.',
  'employees/upload-employee-import': 'Uploads an employee import (CSV, comma or semicolon separated) and checks every row: the answer lists each row\'s problems (a duplicate or taken personal code or phone, an invalid field), the rows without a phone and the cards\' fees. Nothing is created yet. Needs an Idempotency-Key: the same key again answers the same import.',
  'approvals/get-approval': 'A request waiting for a second person\'s approval, or its decision: approved (with the movement it made), rejected (with the comment) or expired. The `statusUrl` of a 202 answer names it.',
  'employees/get-employee-import': 'An employee import\'s state: checked, being applied (with its progress) or applied (with each row\'s result).',
  'employees/list-employee-import-rows': 'Every row of an employee import, a page at a time: each row\'s problems as checked, and once applied its outcome (card ordered, or refused with the reason). Rows needing attention come first; `search` finds a row by name, personal code, phone or row number.',
  'employees/apply-employee-import': 'Applies a checked employee import in the background: each valid row creates its employee and orders the card once, however often it is applied; rows without a phone need confirmWithoutPhone. Poll the import for its progress and result. Needs an Idempotency-Key; an employee.created event follows for each employee.',
  'funding/fund-employee': 'Moves money from the main account to one employee\'s card at once. Needs an Idempotency-Key; a funding.applied event follows.',
  'funding/get-funding-template': 'The CSV template of a funding file, with the company\'s employees filled in.',
  'funding/upload-funding-file': 'Uploads a funding file (CSV) and checks it: the answer lists each row\'s problems and the total it would move. Nothing moves yet.',
  'funding/get-funding-file': 'A funding file\'s state: checked, being applied (with its progress) or applied (with its result).',
  'funding/apply-funding-file': 'Applies a checked funding file: every row is paid from the main account. Needs an Idempotency-Key; a funding_file.applied or funding_file.failed event follows.',
  'funding/retry-funding-file': 'Applies a failed funding file again. Needs an Idempotency-Key.',
  'reports/list-reports': 'The company\'s reports, newest first, a page at a time, with their state.',
  'reports/generate-report': 'Asks for a report of a period. It is built in the background; a report.ready event follows.',
  'reports/get-report-file': 'A short-lived download address of a ready report.',
};

/** A card action's errors: the actions share one runner, whose refusals and issuer failures each may meet. */
const cardActionErrors = {
  404: ['EMPLOYEE_NOT_FOUND'],
  409: ['CARD_ACTION_NOT_ALLOWED', 'FEE_CHANGED', 'REPLACEMENT_FEE_NOT_COVERED', 'CARD_REPLACE_ACTIVE_AUTHORIZATIONS', 'TERMINATE_ACTIVE_AUTHORIZATIONS'],
  503: ['CARD_ISSUER_UNAVAILABLE', 'CARD_ISSUER_NOT_CONFIGURED', 'ACTIVATION_FAILED'],
} as const satisfies Readonly<Record<number, readonly ErrorCode[]>>;

/** A funding file's errors, from its upload to its retry. */
const fundingFileErrors = {
  404: ['FUNDING_FILE_NOT_FOUND'],
  409: ['FUNDING_FILE_ALREADY_APPLIED', 'FUNDING_FILE_HAS_ERRORS', 'FUNDING_TOTAL_TOO_HIGH', 'FUNDS_NOT_ENOUGH'],
  422: ['FUNDING_FILE_INVALID'],
  503: ['FUNDS_TRANSFER_FAILED'],
} as const satisfies Readonly<Record<number, readonly ErrorCode[]>>;

/** An employee import's errors, from its upload to its apply. */
const employeeImportErrors = {
  404: ['EMPLOYEE_IMPORT_NOT_FOUND'],
  409: ['EMPLOYEE_IMPORT_NOTHING_TO_CREATE'],
  413: ['PAYLOAD_TOO_LARGE'],
  422: ['EMPLOYEE_IMPORT_INVALID'],
} as const satisfies Readonly<Record<number, readonly ErrorCode[]>>;

/**
 * The domain errors each public operation may answer beside the ones every operation may (issue 32), by status. The
 * CDK tests read each operation's bundle (infra/handler-bundling.test.ts) and fail on a code it can throw that is
 * not listed here or among the common ones.
 */
const operationErrors: Readonly<Partial<Record<PublicHandler, Readonly<Record<number, readonly ErrorCode[]>>>>> = {
  'employees/get-employee': { 404: ['EMPLOYEE_NOT_FOUND'] },
  'exports/get-export-availability': { 404: ['EXPORT_NOT_FOUND'], 409: ['EXPORT_NOT_READY'] },
  'exports/get-export-file': { 404: ['EXPORT_NOT_FOUND'], 409: ['EXPORT_NOT_READY'] },
  'employees/add-employee': { 404: ['EMPLOYEE_NOT_FOUND'], 409: ['EMPLOYEE_PHONE_TAKEN', 'PERSONAL_CODE_TAKEN'], 503: ['CARD_ISSUER_UNAVAILABLE', 'CARD_ISSUER_NOT_CONFIGURED'] },
  'employees/set-employee-limits': { 404: ['EMPLOYEE_NOT_FOUND', 'LIMIT_USER_NOT_ACTIVE'], 409: ['LIMIT_USER_NOT_ACTIVE'], 503: ['LIMIT_CHANGE_FAILED', 'CARD_ISSUER_NOT_CONFIGURED'] },
  'employees/change-employee-phone': { 404: ['EMPLOYEE_NOT_FOUND'], 409: ['EMPLOYEE_TERMINATED', 'PHONE_SAME', 'PHONE_TAKEN'] },
  'employees/activate-card': cardActionErrors,
  'employees/block-card': cardActionErrors,
  'employees/unblock-card': cardActionErrors,
  'employees/replace-card': cardActionErrors,
  'employees/close-card': cardActionErrors,
  'employees/block-app-access': { 404: ['EMPLOYEE_NOT_FOUND'], 409: ['DEVICE_ACTION_NOT_ALLOWED'] },
  'employees/unblock-app-access': { 404: ['EMPLOYEE_NOT_FOUND'], 409: ['DEVICE_ACTION_NOT_ALLOWED'] },
  'employees/terminate-product': cardActionErrors,
  'employees/apply-bulk-card-action': cardActionErrors,
  'employees/upload-employee-import': employeeImportErrors,
  'employees/get-employee-import': employeeImportErrors,
  'approvals/get-approval': { 404: ['APPROVAL_NOT_FOUND'] },
  'employees/list-employee-import-rows': employeeImportErrors,
  'employees/apply-employee-import': employeeImportErrors,
  'funding/fund-employee': { 404: ['FUNDING_USER_NOT_ACTIVE'], 409: ['FUNDING_USER_NOT_ACTIVE', 'FUNDS_NOT_ENOUGH'], 503: ['FUNDS_TRANSFER_FAILED'] },
  'funding/get-funding-template': { 503: ['FUNDS_TRANSFER_FAILED'] },
  'funding/upload-funding-file': fundingFileErrors,
  'funding/get-funding-file': fundingFileErrors,
  'funding/apply-funding-file': fundingFileErrors,
  'funding/retry-funding-file': fundingFileErrors,
  'reports/get-report-file': { 404: ['REPORT_NOT_FOUND'], 409: ['REPORT_NOT_READY'] },
};

/** A plausible value for a field, by its name, where its schema says only its type. */
function exampleString(name: string, schema: JsonSchema): string {
  if (schema.format === 'date-time' || /At$/.test(name) || name === 'at' || name === 'created') return '2026-11-27T09:30:00.000Z';
  if (schema.format === 'date' || /^date|Date$/.test(name)) return '2026-11-27';
  if (name === 'employeeId') return 'emp_01JD3K7Q2W8X9Y0Z1A2B3C4D5E';
  if (/Id$/.test(name) || name === 'id') return `${name.replace(/Id$/, '').slice(0, 4) || 'id'}_01JD3M2C9V7T`;
  if (name === 'phone') return '+37120000000';
  if (name === 'email') return 'anna.berzina@example.lv';
  if (name === 'name') return 'Anna';
  if (name === 'surname') return 'Bērziņa';
  if (name === 'personalCode') return '010190-12345';
  if (name === 'iban') return 'LV80BANK0000435195001';
  if (name === 'currency') return 'EUR';
  if (name === 'fileName') return 'november-bonuses.csv';
  if (name === 'url') return 'https://files.example/report.csv?signature=…';
  return 'string';
}

/** An example of a JSON Schema's value: its own example, enum or const first, else one built from its shape. */
function exampleOf(schema: JsonSchema, name = '', depth = 0): unknown {
  if (depth > 8) return null;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const chosen = (options as JsonSchema[]).find((option) => option.type !== 'null') ?? options[0];
      return chosen ? exampleOf(chosen as JsonSchema, name, depth + 1) : null;
    }
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((candidate) => candidate !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, exampleOf(property, key, depth + 1)]));
  }
  if (type === 'array') return schema.items ? [exampleOf(schema.items as JsonSchema, name, depth + 1)] : [];
  if (type === 'integer' || type === 'number') {
    if (typeof schema.minimum === 'number' && schema.minimum > 0) return schema.minimum;
    if (/Cents$/.test(name)) return 15000;
    if (name === 'page') return 1;
    if (/Count|total|rows/i.test(name)) return 3;
    return 1;
  }
  if (type === 'boolean') return false;
  if (type === 'string') return exampleString(name, schema);
  return null;
}

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

/** The list parameters every list shares, said once here. */
function parameterText(name: string): { description?: string } {
  if (name === 'page') return { description: 'The page to answer, from 1 (the default).' };
  if (name === 'itemsPerPage') return { description: `Rows a page holds: ${pageSizes.join(', ')} (default ${pageSizes[0]}).` };
  return {};
}

function parametersOf(route: RouteDefinition): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property, ...parameterText(name) });
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
  const handler = route.handler as PublicHandler;
  const answer = jsonSchemaOf(route.answer, 'output');
  const own = operationErrors[handler] ?? {};
  const codesAt = (status: number, common: ErrorCode[]): ErrorCode[] => [...new Set([...common, ...(own[status] ?? [])])];
  const accepted = route.accepted ? jsonSchemaOf(route.accepted, 'output') : null;
  const responses: Record<string, unknown> = {
    '200': { description: 'Done.', content: { 'application/json': { schema: answer, example: exampleOf(answer) } } },
    ...(accepted
      ? {
          '202': {
            description: 'Not done yet: the company requires a second person\'s approval for this amount. Nothing moved; the request waits for an owner or another manager, and `statusUrl` (GET, with the portal\'s session) tells its decision. Webhooks `approval.requested` and `approval.decided` tell it too.',
            content: { 'application/json': { schema: accepted, example: exampleOf(accepted) } },
          },
        }
      : {}),
    '400': error('The request is not valid: nothing was changed.', route.idempotent ? ['VALIDATION_FAILED', 'MALFORMED_JSON', 'COMPANY_ID_INVALID', 'IDEMPOTENCY_KEY_REQUIRED'] : ['VALIDATION_FAILED', 'MALFORMED_JSON', 'COMPANY_ID_INVALID']),
    '401': error('No valid key.', ['API_KEY_INVALID', 'API_KEY_REVOKED']),
    '403': error(
      'The key may not do this, names another company in X-Company-Id, or its company is not approved (or lacks the feature).',
      ['INSUFFICIENT_SCOPE', 'NOT_THE_KEYS_COMPANY', ...(route.activeCompanyOnly ? ['COMPANY_NOT_APPROVED' as const] : []), ...(route.feature ? ['FEATURE_NOT_AVAILABLE' as const] : [])],
    ),
    '404': error('Not found, or not this company\'s.', codesAt(404, ['NOT_FOUND'])),
    '409': error('The request conflicts with the current state.', codesAt(409, route.idempotent ? ['CONFLICT', 'IDEMPOTENCY_IN_PROGRESS'] : ['CONFLICT'])),
    '429': {
      ...error(`More than ${apiKeyRequestsPerMinute} requests of this key in a minute.`, ['TOO_MANY_REQUESTS']),
      headers: { 'Retry-After': { description: 'Seconds until the key may call again.', schema: { type: 'integer', minimum: 1 } } },
    },
    '503': error(
      route.idempotent
        ? 'A service behind the API is not available, or the request ran out of time and may still be applied; send it again with the same Idempotency-Key.'
        : 'A service behind the API is not available, or the request ran out of time; try again later.',
      codesAt(503, ['SERVICE_UNAVAILABLE', 'REQUEST_TIMED_OUT']),
    ),
  };
  const unprocessable = codesAt(422, route.idempotent ? ['IDEMPOTENCY_KEY_REUSED'] : []);
  if (unprocessable.length > 0) responses['422'] = error(route.idempotent ? 'The Idempotency-Key was used before with another request, or the content cannot be read.' : 'The content cannot be read.', unprocessable);
  const tooLarge = codesAt(413, []);
  if (tooLarge.length > 0) responses['413'] = error('The file holds more rows than one request takes.', tooLarge);
  const body = route.body ? jsonSchemaOf(route.body, 'input') : null;
  return {
    operationId: operationIdOf(route.handler),
    summary: summaryOf(route.handler),
    tags: [route.handler.split('/')[0] ?? 'api'],
    description: `${operationDescriptions[handler]} Needs the scope \`${scope}\`.`,
    security: [{ apiKey: [scope] }],
    parameters: parametersOf(route),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body, example: exampleOf(body) } } } } : {}),
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
    // The portal's own address + /api: CloudFront forwards it to the API in the cloud, and the vite server locally.
    servers: [{ url: serverUrl, description: 'The portal\'s API' }],
    security: [{ apiKey: [] }],
    tags: [...new Set(Object.values(paths).flatMap((operations) => Object.values(operations).map((operation) => (operation as { tags: string[] }).tags[0] ?? '')))].map((name) => ({ name })),
    paths,
    webhooks: webhooksOf(),
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

/**
 * The events the portal posts to a company's endpoints (OpenAPI 3.1 `webhooks`), from the catalogue: each a POST of
 * `{ type, timestamp, data }`, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).
 */
function webhooksOf(): Record<string, unknown> {
  const signed = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
    name,
    in: 'header',
    required: true,
    description:
      name === 'webhook-id'
        ? "The event's id: the same on every attempt, so a receiver can ignore one it has had."
        : name === 'webhook-timestamp'
          ? 'When this attempt was signed, in seconds since 1970; refuse one much older than now.'
          : "`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret; two, space-separated, while a rotated-out secret still signs.",
    schema: { type: 'string' },
  }));
  return Object.fromEntries(
    webhookDeliveryEventTypes.map((type) => {
      const data = jsonSchemaOf(webhookEventDataSchemas[type], 'output');
      const { description, example } = webhookEventCatalogue[type];
      const schema = {
        type: 'object',
        required: ['type', 'timestamp', 'data'],
        properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data },
      };
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace('.', '_')}`,
            summary: type,
            description,
            tags: ['webhooks'],
            parameters: signed,
            requestBody: { required: true, content: { 'application/json': { schema, example: { type, timestamp: '2026-11-27T09:30:00.000Z', data: example } } } },
            responses: { '2XX': { description: `Received. Any other answer, or none within ${webhookTimeoutSeconds} seconds, is retried for about a day.` } },
          },
        },
      ];
    }),
  );
}
