import { describe, expect, it } from 'vitest';
import { routes } from './manifest';
import { readsThatChangeState, routeAudit, type AuditDecision } from './route-audit';

const decisions: Readonly<Record<string, AuditDecision>> = routeAudit;
const reads: Readonly<Record<string, AuditDecision>> = readsThatChangeState;

describe('the audit decision of every mutating route', () => {
  const mutating = routes.filter((route) => route.method !== 'GET');

  it.each(mutating.map((route) => [`${route.method} ${route.path}`, route.handler] as const))('%s has one', (_key, handler) => {
    const decision = decisions[handler];
    expect(decision, handler).toBeDefined();
    if (decision && 'exempt' in decision) expect(decision.exempt.trim().length, handler).toBeGreaterThan(20);
  });

  it('names no handler the manifest does not route by a mutating method, and reads only by GET', () => {
    expect(Object.keys(decisions).sort()).toEqual(mutating.map((route) => route.handler).sort());
    const getHandlers = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.handler));
    for (const handler of Object.keys(reads)) expect(getHandlers.has(handler as never), handler).toBe(true);
  });
});
