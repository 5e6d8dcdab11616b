import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/manifest';
import { routeFor } from './api-server';

describe('the local API picks routes as API Gateway does', () => {
  // The manifest lists routes in no meaningful order (route files are module namespaces), so order must not decide.
  it.each(routes.filter((route) => !route.path.includes('{')).map((route) => [route.method, route.path] as const))('%s %s goes to its own route', (method, path) => {
    const routing = routeFor(method, path);
    expect(routing.kind === 'route' ? `${routing.match.route.method} ${routing.match.route.path}` : routing.kind).toBe(`${method} ${path}`);
  });

  it('fills a parameter only where no route names the segment', () => {
    const routing = routeFor('GET', '/chats/3b2e8a52-4d6f-4c1e-9a57-2f0b6c1d9e44');
    expect(routing.kind === 'route' && routing.match.route.handler).toBe('messaging/get-chat');
  });

  it('answers an unknown path and a wrong method apart', () => {
    expect(routeFor('GET', '/no-such-thing').kind).toBe('not-found');
    const routing = routeFor('DELETE', '/chats/unread');
    expect(routing.kind === 'method-not-allowed' && routing.allow).toContain('GET');
  });
});
