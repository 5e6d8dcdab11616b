import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from './manifest';
import type { RouteDefinition } from './route-definition';

const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

/** The route a handler module hands to `useCase`: `import * as <namespace> from '@shared/api/routes/<file>'` + `useCase(<namespace>.<name>`. */
async function routeUsedBy(handler: string): Promise<RouteDefinition | undefined> {
  const source = readFileSync(`${functionsDir}${handler}.ts`, 'utf8');
  const call = /useCase\((\w+)\.(\w+)/.exec(source);
  if (!call) return undefined;
  const [, namespace, name] = call;
  const from = new RegExp(`import \\* as ${namespace} from '@shared/api/routes/([\\w-]+)'`).exec(source)?.[1];
  if (!from || !name) return undefined;
  const definitions = (await import(`./routes/${from}.ts`)) as Record<string, RouteDefinition>;
  return definitions[name];
}

describe('handlers and the routes that name them', () => {
  // The stack wires each route to the module its `handler` names; that module must run that route's checks and schemas.
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s runs its own definition', async (_key, route) => {
    expect(await routeUsedBy(route.handler)).toBe(route);
  });
});
