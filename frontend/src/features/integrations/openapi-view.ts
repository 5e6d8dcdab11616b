import * as z from 'zod/mini';

/** What the reference shows of one operation of the OpenAPI document. */
export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  scope: string;
  idempotent: boolean;
  parameters: { name: string; in: string; required: boolean; description: string }[];
  /** The request body's and the answer's JSON Schema, indented for reading, and an example of each. */
  body: string | null;
  bodyExample: string | null;
  answer: string;
  answerExample: string | null;
  /** The error codes it may answer, by HTTP status. */
  errors: { status: string; codes: string[] }[];
}

/** One event of the webhook catalogue (the document's `webhooks`). */
export interface ApiWebhook {
  type: string;
  description: string;
  schema: string;
  example: string;
}

export interface ApiReference {
  server: string;
  operations: ApiOperation[];
  webhooks: ApiWebhook[];
  /** Every error code a public operation may answer, with its status and the document's English message. */
  errors: { code: string; statuses: string[]; message: string }[];
  /** The scopes a key may have, as the security scheme names them. */
  scopes: string[];
}

const parameterSchema = /* @__PURE__ */ z.object({ name: z.string(), in: z.string(), required: z._default(z.boolean(), false), description: z._default(z.string(), '') });
const mediaSchema = /* @__PURE__ */ z.object({ schema: z.unknown(), example: z.optional(z.unknown()), examples: z.optional(z.record(z.string(), z.object({ value: z.unknown() }))) });
const operationSchema = /* @__PURE__ */ z.object({
  operationId: z.string(),
  summary: z.string(),
  description: z._default(z.string(), ''),
  tags: z.array(z.string()),
  security: z._default(z.array(z.record(z.string(), z.array(z.string()))), []),
  parameters: z._default(z.array(parameterSchema), []),
  requestBody: z.optional(z.object({ content: z.record(z.string(), mediaSchema) })),
  responses: z.record(z.string(), z.object({ content: z.optional(z.record(z.string(), mediaSchema)) })),
});
const documentSchema = /* @__PURE__ */ z.object({
  servers: z._default(z.array(z.object({ url: z.string() })), []),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  webhooks: z._default(z.record(z.string(), z.object({ post: operationSchema })), {}),
});

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const json = 'application/json';

/** The document as the reference reads it; an answer that is not an OpenAPI document fails here, not in the page. */
export function referenceOf(document: unknown): ApiReference {
  const parsed = documentSchema.parse(document);
  const errors = new Map<string, { statuses: Set<string>; message: string }>();
  const operations = Object.entries(parsed.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]): ApiOperation => {
      const failures = Object.entries(operation.responses)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, response]) => {
          const examples = response.content?.[json]?.examples ?? {};
          for (const [code, example] of Object.entries(examples)) {
            const message = z.object({ message: z.string() }).safeParse(example.value);
            const known = errors.get(code) ?? { statuses: new Set<string>(), message: message.success ? message.data.message : '' };
            known.statuses.add(status);
            errors.set(code, known);
          }
          return { status, codes: Object.keys(examples) };
        });
      const answer = operation.responses['200']?.content?.[json];
      const body = operation.requestBody?.content[json];
      return {
        id: operation.operationId,
        method,
        path,
        tag: operation.tags[0] ?? '',
        summary: operation.summary,
        description: operation.description,
        scope: Object.values(operation.security[0] ?? {})[0]?.[0] ?? '',
        idempotent: operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
        parameters: operation.parameters,
        body: body ? pretty(body.schema) : null,
        bodyExample: body?.example === undefined ? null : pretty(body.example),
        answer: pretty(answer?.schema),
        answerExample: answer?.example === undefined ? null : pretty(answer.example),
        errors: failures,
      };
    }),
  );
  const webhooks = Object.entries(parsed.webhooks).map(([type, { post }]) => {
    const content = post.requestBody?.content[json];
    return { type, description: post.description, schema: pretty(content?.schema), example: pretty(content?.example) };
  });
  return {
    server: parsed.servers[0]?.url ?? '',
    operations,
    webhooks,
    errors: [...errors.entries()].map(([code, { statuses, message }]) => ({ code, statuses: [...statuses].sort(), message })).sort((a, b) => a.statuses[0]?.localeCompare(b.statuses[0] ?? '') || a.code.localeCompare(b.code)),
    scopes: [...new Set(operations.map((operation) => operation.scope).filter(Boolean))],
  };
}
