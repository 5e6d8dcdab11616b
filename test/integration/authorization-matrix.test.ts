import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiScopes, createdApiKeySchema, type ApiScope } from '@shared/api-keys';
import { publicApiPath, publicApiScopeOf } from '@shared/api/public-api';
import { routes, type RouteDefinition } from '@shared/api/manifest';
import { companyHeader } from '@shared/api/route-definition';
import { profileSchema } from '@shared/api/schemas';
import { companyRoles, roleRank, type CompanyRole } from '@shared/roles';
import { fleetChatId } from '../../infra/local/seed-chats';
import { fleetReportId } from '../../infra/local/seed-reports';
import { employeeImportSchema } from '@shared/employee-imports';
import { entities, keys } from '@functions/platform/keys';
import { putItems } from './company-fixtures';
import { fleetCompanyId, fleetManager, fleetManagerId, freshPhone } from './employee-fixtures';
import { fleetInvoiceNumber } from '../../infra/local/seed-invoices';
import { api, concretePath, fixtureCloud, signIn } from './support';

/** Generated from the manifest: a route added later is covered without anyone remembering to. */
const allRoutes = routes as readonly RouteDefinition[];

const sessions = new Map<string, Promise<string>>();
/** One sign-in per user for the whole matrix. */
const tokenOf = (email: string) => {
  let token = sessions.get(email);
  if (!token) {
    token = signIn(email);
    sessions.set(email, token);
  }
  return token;
};

/** The refused call: any body the route takes (the caller is refused before the body is read). */
const call = async (route: RouteDefinition, email?: string) =>
  api(route.method, concretePath(route.path), { token: email ? await tokenOf(email) : undefined, body: route.body ? {} : undefined });

/** Members of Baltic Logistics (approved) one rank below each minimal role. */
const memberBelow: Partial<Record<CompanyRole, string>> = { manager: 'accountant@demo.local', owner: 'manager@demo.local' };

describe.each(allRoutes.filter((r) => r.access.kind !== 'public'))('$method $path', (route) => {
  it('answers 401 without a token', async () => {
    expect((await call(route)).status).toBe(401);
  });
});

describe.each(allRoutes.filter((r) => r.access.kind === 'provider-admin'))('$method $path (provider admins only)', (route) => {
  it('answers 403 to a company owner, who is not a provider admin', async () => {
    expect(await call(route, 'owner@demo.local')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});

const memberRoutes = allRoutes.flatMap((r) => (r.access.kind === 'member' ? [{ route: r, minRole: r.access.minRole }] : []));

describe.each(memberRoutes.filter(({ minRole }) => roleRank[minRole] > roleRank.accountant))('$route.method $route.path (from $minRole)', ({ route, minRole }) => {
  it('answers 403 ROLE_TOO_LOW to a member one role below', async () => {
    const below = memberBelow[minRole];
    if (!below) throw new Error(`no seeded member below ${minRole}`);
    expect(await call(route, below)).toMatchObject({ status: 403, body: { code: 'ROLE_TOO_LOW' } });
  });
});

/** Routes open to some roles only, whatever their rank (Reporting > Invoices: owners and accountants, not managers). */
const namedRoleRoutes = allRoutes.flatMap((r) => (r.access.kind === 'member' && r.access.roles ? [{ route: r, roles: r.access.roles }] : []));
const memberOf: Readonly<Record<CompanyRole, string>> = { owner: 'owner@demo.local', manager: 'manager@demo.local', accountant: 'accountant@demo.local' };

describe.each(namedRoleRoutes)('$route.method $route.path (only its roles)', ({ route, roles }) => {
  it('answers 403 ROLE_NOT_ALLOWED to a member of a role it does not name, however high', async () => {
    const others = companyRoles.filter((role) => !roles.includes(role));
    expect(others.length).toBeGreaterThan(0);
    for (const role of others) expect(await call(route, memberOf[role]), role).toMatchObject({ status: 403, body: { code: 'ROLE_NOT_ALLOWED' } });
  });
});

describe.each(memberRoutes)('$route.method $route.path (company members)', ({ route }) => {
  it('answers 403 to a provider admin, who belongs to no company', async () => {
    expect(await call(route, 'admin@demo.local')).toMatchObject({ status: 403, body: { code: 'NO_CURRENT_COMPANY' } });
  });
});

/**
 * The company a request names (issue 30): on every company route, a company the caller does not belong to is refused
 * before anything else, and so is a malformed id; a provider admin route refuses any. The manager of Baltic Logistics
 * names Riga Bakery, where they are no member.
 */
const companyNamed = async (route: RouteDefinition, email: string, companyId: string) =>
  api(route.method, concretePath(route.path), { token: await tokenOf(email), body: route.body ? {} : undefined, headers: { [companyHeader]: companyId } });
let bakeryId = '';
beforeAll(async () => {
  const owner = profileSchema.parse((await api('GET', '/users/profile', { token: await tokenOf('owner@demo.local') })).body);
  bakeryId = owner.clients.find((client) => client.name.includes('Bakery'))?.companyId ?? '';
  if (!bakeryId) throw new Error('Riga Bakery is not among the owner\'s companies');
});

describe.each(memberRoutes)('$route.method $route.path (the company a request names)', ({ route }) => {
  it("answers 403 NOT_A_MEMBER for a company of others, and 400 COMPANY_ID_INVALID for a malformed one", async () => {
    expect(await companyNamed(route, 'manager@demo.local', bakeryId)).toMatchObject({ status: 403, body: { code: 'NOT_A_MEMBER' } });
    expect(await companyNamed(route, 'manager@demo.local', 'not a company')).toMatchObject({ status: 400, body: { code: 'COMPANY_ID_INVALID' } });
  });
});

describe.each(allRoutes.filter((r) => r.access.kind === 'provider-admin'))('$method $path (no company to name)', (route) => {
  it('answers 400 COMPANY_HEADER_NOT_ALLOWED to a provider admin naming a company', async () => {
    expect(await companyNamed(route, 'admin@demo.local', bakeryId)).toMatchObject({ status: 400, body: { code: 'COMPANY_HEADER_NOT_ALLOWED' } });
  });
});

describe.each(allRoutes.filter((r) => r.activeCompanyOnly))('$method $path (approved companies only)', (route) => {
  it("answers 403 COMPANY_NOT_APPROVED to the owner of a company waiting for approval", async () => {
    expect(await call(route, 'pending@demo.local')).toMatchObject({ status: 403, body: { code: 'COMPANY_NOT_APPROVED' } });
  });
});

/**
 * Another company's ids: a member of Baltic Logistics names them with a valid request, and the route answers as if
 * they did not exist. A route with such a parameter is covered here without anyone remembering to add it.
 */
const foreignIds: Record<string, string> = {
  employeeId: 'fleet-emp-019',
  chatId: fleetChatId,
  attachmentId: '0f1ee7c0-c4a7-4d00-8000-0000000000a1',
  reportId: fleetReportId,
  invoiceId: fleetInvoiceNumber,
  importId: '',
  approvalId: randomUUID(),
};
/** The fleet's own employee import (issue 34), uploaded by its manager: Baltic Logistics' manager names it in vain. */
beforeAll(async () => {
  const content = `Name,Surname,Phone\r\nAnna,Bērziņa,${freshPhone()}\r\n`;
  const answer = await api('POST', '/employee-imports', { token: await tokenOf(fleetManager), body: { content }, headers: { 'Idempotency-Key': `matrix-${Date.now()}` } });
  foreignIds.importId = employeeImportSchema.parse(answer.body).importId;
  // A funding of the fleet's waiting for approval (issue 35), as its manager's request leaves it.
  const requestedAt = new Date().toISOString();
  const requester = { kind: 'company_user', userId: fleetManagerId(), name: 'Fleet Manager', role: 'manager' } as const;
  await putItems(fixtureCloud(), [
    {
      ...keys.approvalRequest(fleetCompanyId, foreignIds.approvalId ?? ''),
      entity: entities.approvalRequest,
      companyId: fleetCompanyId,
      approvalId: foreignIds.approvalId,
      kind: 'funding',
      status: 'pending',
      requestedBy: { userId: requester.userId, name: requester.name, viaApiKey: false },
      requester,
      requestedAt,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      ruleVersion: 0,
      funding: { credits: [{ employeeId: 'fleet-emp-019', name: 'Fleet Employee', amountCents: 60_000 }], totalCents: 60_000 },
    },
  ]);
});
/** A valid body per route that takes one, so the refusal cannot come from validation instead of tenancy. */
const validBodies: Record<string, unknown> = {
  'PUT /employees/{employeeId}/phone': { phone: '37126000000019' },
  'PUT /employees/{employeeId}/limits': { limitCents: 100, annualLimitCents: 100, mccGroups: ['fuel'] },
  'POST /employees/{employeeId}/funds': { amountCents: 100 },
  'POST /chats/{chatId}/messages': { text: 'Is this chat mine?' },
  'POST /employees/{employeeId}/card/replace': { reason: 'lost', address: { address: 'Rīgas iela 5', city: 'Cēsis', country: 'LV', postalCode: 'LV-4101' }, expectedFeeCents: 500 },
  'POST /employee-imports/{importId}/apply': { confirmWithoutPhone: true },
  'POST /approvals/{approvalId}/approve': {},
  'POST /approvals/{approvalId}/reject': { comment: 'Not ours' },
};
const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
const tenantRoutes = memberRoutes.filter(({ route }) => paramsOf(route.path).some((param) => param in foreignIds));

/** Who asks for another company's ids: a manager, or, on a route not open to managers, an accountant. */
const tenantCaller = (route: RouteDefinition) => (route.access.kind === 'member' && route.access.roles && !route.access.roles.includes('manager') ? 'accountant@demo.local' : 'manager@demo.local');

describe.each(tenantRoutes)("$route.method $route.path (another company's ids)", ({ route }) => {
  it('answers 404 to a member of another company', async () => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => foreignIds[param] ?? `some-${param}`);
    const key = `${route.method} ${route.path}`;
    const body = route.body ? (validBodies[key] ?? {}) : undefined;
    if (route.body && route.body.safeParse(body).success === false) throw new Error(`no valid example body for ${key}`);
    // Idempotent routes need their key before they look at the ids.
    const headers: Record<string, string> = 'idempotent' in route && route.idempotent ? { 'Idempotency-Key': `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}` } : {};
    expect(await api(route.method, path, { token: await tokenOf(tenantCaller(route)), body, headers })).toMatchObject({ status: 404 });
  });
});

/**
 * The public API (issue 20), for every one of its routes: a malformed key and a revoked one are refused before
 * anything, a key of any other scope gets 403 INSUFFICIENT_SCOPE, a key of the route's own scope passes the key's
 * checks (the route answers on its own terms: a body or id it refuses), and a key of one company names another
 * company's ids in vain.
 */
const publicRoutes = allRoutes.filter((route) => publicApiScopeOf(route));
const keyOfScope = new Map<ApiScope, string>();
let revokedKey = '';
let everyScopeKey = '';

async function makeKey(scopes: ApiScope[], name: string): Promise<{ keyId: string; secret: string }> {
  const answer = await api('POST', '/api-keys', { token: await tokenOf('owner@demo.local'), body: { name, scopes } });
  const created = createdApiKeySchema.parse(answer.body);
  return { keyId: created.key.keyId, secret: created.secret };
}

describe('the public API', () => {
  beforeAll(async () => {
    for (const scope of apiScopes) keyOfScope.set(scope, (await makeKey([scope], `matrix ${scope}`)).secret);
    everyScopeKey = (await makeKey([...apiScopes], 'matrix every scope')).secret;
    const revoked = await makeKey([...apiScopes], 'matrix revoked');
    await api('POST', `/api-keys/${revoked.keyId}/revoke`, { token: await tokenOf('owner@demo.local') });
    revokedKey = revoked.secret;
  });

  /** A call the route cannot act on: a made-up id, an empty body, a query it refuses (the export would start a job). */
  const harmless = (route: RouteDefinition) =>
    `${publicApiPath({ path: concretePath(route.path) })}${route.handler === 'transactions/request-transactions-export' ? '?dateLimit=nope' : ''}`;

  describe.each(publicRoutes)('$method $path', (route) => {
    const scope = publicApiScopeOf(route) as ApiScope;

    it('answers 401 to a malformed key and to a revoked one', async () => {
      expect(await api(route.method, harmless(route), { token: 'bck_malformed', body: route.body ? {} : undefined })).toMatchObject({ status: 401, body: { code: 'API_KEY_INVALID' } });
      expect(await api(route.method, harmless(route), { token: revokedKey, body: route.body ? {} : undefined })).toMatchObject({ status: 401, body: { code: 'API_KEY_REVOKED' } });
    });

    it(`answers 403 INSUFFICIENT_SCOPE to a key of any scope but ${scope}, and lets a ${scope} key past the key's checks`, async () => {
      for (const other of apiScopes.filter((candidate) => candidate !== scope)) {
        expect(await api(route.method, harmless(route), { token: keyOfScope.get(other), body: route.body ? {} : undefined }), other).toMatchObject({ status: 403, body: { code: 'INSUFFICIENT_SCOPE' } });
      }
      const own = await api(route.method, harmless(route), { token: keyOfScope.get(scope), body: route.body ? {} : undefined });
      expect([401, 403, 429], JSON.stringify(own.body)).not.toContain(own.status);
    });
  });

  describe.each(publicRoutes.filter((route) => paramsOf(route.path).some((param) => param in foreignIds)))("$method $path (another company's ids)", (route) => {
    it("answers 404 to a key of another company", async () => {
      const path = publicApiPath({ path: route.path.replace(/\{(\w+)\}/g, (_, param: string) => foreignIds[param] ?? `some-${param}`) });
      const body = route.body ? (validBodies[`${route.method} ${route.path}`] ?? {}) : undefined;
      if (route.body && route.body.safeParse(body).success === false) throw new Error(`no valid example body for ${route.method} ${route.path}`);
      const headers: Record<string, string> = route.idempotent ? { 'Idempotency-Key': `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}` } : {};
      expect(await api(route.method, path, { token: everyScopeKey, body, headers })).toMatchObject({ status: 404 });
    });
  });
});
