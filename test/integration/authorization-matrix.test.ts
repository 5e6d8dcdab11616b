import { describe, expect, it } from 'vitest';
import { routes, type RouteDefinition } from '@shared/api/manifest';
import { api, concretePath } from './support';

/** Generated from the manifest: a route added later is covered without anyone remembering to. */
describe.each((routes as readonly RouteDefinition[]).filter((r) => r.access.kind !== 'public'))(
  '$method $path',
  (route) => {
    it('answers 401 without a token', async () => {
      const answer = await api(route.method, concretePath(route.path), { body: route.body ? {} : undefined });
      expect(answer.status).toBe(401);
    });
  },
);
