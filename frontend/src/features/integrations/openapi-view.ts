import * as z from 'zod/mini';

/** What the reference shows of one operation of the OpenAPI document. */
export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  scope: string;
  idempotent: boolean;
  parameters: { name: string; in: string; required: boolean }[];
  /** The request body's and the answer's JSON Schema, indented for reading. */
  body: string | null;
  answer: string;
}

const parameterSchema = /* @__PURE__ */ z.object({ name: z.string(), in: z.string(), required: z._default(z.boolean(), false) });
const operationSchema = /* @__PURE__ */ z.object({
  operationId: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  parameters: z._default(z.array(parameterSchema), []),
  requestBody: z.optional(z.object({ content: z.record(z.string(), z.object({ schema: z.unknown() })) })),
  responses: z.record(z.string(), z.object({ content: z.optional(z.record(z.string(), z.object({ schema: z.unknown() }))) })),
});
const documentSchema = /* @__PURE__ */ z.object({ paths: z.record(z.string(), z.record(z.string(), operationSchema)) });

const pretty = (schema: unknown) => JSON.stringify(schema, null, 2);

/** The document's operations in its own order; an answer that is not an OpenAPI document fails here, not in the page. */
export function operationsOf(document: unknown): ApiOperation[] {
  const parsed = documentSchema.parse(document);
  return Object.entries(parsed.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      id: operation.operationId,
      method,
      path,
      tag: operation.tags[0] ?? '',
      summary: operation.summary,
      scope: Object.values(operation.security[0] ?? {})[0]?.[0] ?? '',
      idempotent: operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
      parameters: operation.parameters,
      body: operation.requestBody ? pretty(operation.requestBody.content['application/json']?.schema) : null,
      answer: pretty(operation.responses['200']?.content?.['application/json']?.schema),
    })),
  );
}
