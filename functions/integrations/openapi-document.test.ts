import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@shared/api/manifest';
import { publicApiPath, publicApiScopeOf } from '@shared/api/public-api';
import { webhookEventCatalogue, webhookEventDataSchemas } from '@shared/webhook-events';
import { webhookDeliveryEventTypes } from '@shared/webhooks';
import { openApiDocument } from './openapi-document';

interface Operation {
  description: string;
  security: { apiKey: string[] }[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  const document = openApiDocument('https://portal.example/api') as {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation & { requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>;
    webhooks: Record<string, { post: { description: string; requestBody: { content: Record<string, { example: { type: string; data: unknown } }> } } }>;
  };

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('holds every route of the public API, under its prefix, and nothing else', () => {
    const expected = (routes as readonly RouteDefinition[]).filter((route) => publicApiScopeOf(route)).map((route) => `${route.method} ${publicApiPath(route)}`);
    const found = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(found.sort()).toEqual(expected.sort());
    expect(found.every((operation) => operation.includes(' /v1/'))).toBe(true);
  });

  it("says each route's scope, parameters, body and errors, and asks money routes for an Idempotency-Key", () => {
    for (const route of (routes as readonly RouteDefinition[]).filter((candidate) => publicApiScopeOf(candidate))) {
      const operation = document.paths[publicApiPath(route)]?.[route.method.toLowerCase()];
      if (!operation) throw new Error(`${route.method} ${route.path} is missing`);
      expect(operation.security, route.path).toEqual([{ apiKey: [publicApiScopeOf(route)] }]);
      for (const param of [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
        expect(operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === param && parameter.required), `${route.path} ${param}`).toBe(true);
      }
      expect(operation.requestBody !== undefined, route.path).toBe(route.body !== undefined);
      expect(Object.keys(operation.responses), route.path).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429']));
      const idempotency = operation.parameters.find((parameter) => parameter.name === 'Idempotency-Key');
      expect(idempotency?.required ?? false, route.path).toBe(route.idempotent === true);
    }
  });

  it('describes every operation and gives an example of its answer and of its body', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.description, `${method} ${path}`).toMatch(/^[A-Z].{20,}\. Needs the scope/);
        expect(operation.responses['200']?.content?.['application/json']?.example, `${method} ${path}`).toBeDefined();
        if (operation.requestBody) expect(operation.requestBody.content['application/json']?.example, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('holds the webhook event catalogue (3.1 webhooks), each example valid under its own payload schema', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...webhookDeliveryEventTypes].sort());
    for (const type of webhookDeliveryEventTypes) {
      const posted = document.webhooks[type]?.post;
      expect(posted?.description).toBe(webhookEventCatalogue[type].description);
      const example = posted?.requestBody.content['application/json']?.example;
      expect(example?.type).toBe(type);
      expect(webhookEventDataSchemas[type].safeParse(example?.data).success, type).toBe(true);
    }
  });

  it("serves the API at the portal's address under /api, as CloudFront and the local vite server both forward it", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://portal.example/api' })]);
  });
});
