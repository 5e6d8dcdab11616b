import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { setConfig } from './config';
import { getSignedInToken } from './auth';
import { callApi, setCompanyLostHandler, setSessionRejectedHandler } from './http';
import { lostCompany, markCompanyLost, resetTabCompany, setTabCompany, tabCompanyId } from './session/tab-company';
import * as moneyRoutes from '@shared/api/routes/money-routes';
import * as sessionRoutes from '@shared/api/routes/session-routes';
import * as fundingRoutes from '@shared/api/routes/funding-routes';
import * as reviewRoutes from '@shared/api/routes/review-routes';

vi.mock('./auth', () => ({ getSignedInToken: vi.fn(async () => ({ token: 'access-token', userId: 'u1' })) }));

const profile = {
  userId: 'u1',
  email: 'owner@example.com',
  name: 'Anna',
  surname: 'Bērziņa',
  role: 'owner',
  status: 'active',
  currency: 'EUR',
  language: 'lv',
  clients: [],
  currentClient: null,
  availableFeatures: { reporting: { available: false }, all_features: false },
  provider: null,
  topUpAccountIBAN: null,
  currentKycStatus: 'filled',
  currentCompanyStatus: 'active',
  isProviderAdmin: false,
  phoneSetupRequired: false,
};

const fetchMock = vi.fn<typeof fetch>();
const rejected = vi.fn();

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  setConfig({ apiUrl: 'http://api.test/api/', region: 'eu-west-1', userPoolId: 'p', userPoolClientId: 'c', cognitoEndpoint: null });
  vi.stubGlobal('fetch', fetchMock);
  setSessionRejectedHandler(rejected);
});

afterEach(() => {
  fetchMock.mockReset();
  rejected.mockReset();
  resetTabCompany();
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('sends the bearer token and Accept-Language, and parses the answer with the manifest schema', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, profile));
    await expect(callApi(sessionRoutes.getProfile)).resolves.toMatchObject({ email: 'owner@example.com' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/users/profile');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-token');
    // Nothing stored (no localStorage in node): the visitor default.
    expect(headers.get('Accept-Language')).toBe('en');
    expect(init?.method).toBe('GET');
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { language: 'lv' }));
    await callApi(sessionRoutes.setLanguage, { body: { language: 'lv' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"language":"lv"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns an error body into an ApiError with code and fields', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { code: 'VALIDATION_FAILED', message: 'Please fix errors above', fields: { language: 'REQUIRED' } }));
    const error = await callApi(sessionRoutes.setLanguage, { body: { language: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { language: 'REQUIRED' } });
    expect(rejected).not.toHaveBeenCalled();
  });

  it.each([401, 403])('ends the session on %i from any call but the profile', async (status) => {
    fetchMock.mockResolvedValueOnce(answer(status, { code: 'FORBIDDEN', message: 'no' }));
    await expect(callApi(sessionRoutes.switchClient, { body: { companyId: 'c2' } })).rejects.toMatchObject({ status });
    expect(rejected).toHaveBeenCalledOnce();
  });

  it('keeps the session when the company awaits approval, so the screen can say so', async () => {
    fetchMock.mockResolvedValueOnce(answer(403, { code: 'COMPANY_NOT_APPROVED', message: 'Your company is awaiting approval' }));
    await expect(callApi(moneyRoutes.getMainAccount)).rejects.toMatchObject({ status: 403, code: 'COMPANY_NOT_APPROVED' });
    expect(rejected).not.toHaveBeenCalled();
  });

  it.each([401, 403])('leaves a %i of the profile call to the session', async (status) => {
    fetchMock.mockResolvedValueOnce(answer(status, { code: 'UNAUTHORIZED', message: 'no' }));
    await expect(callApi(sessionRoutes.getProfile)).rejects.toMatchObject({ status, code: 'UNAUTHORIZED' });
    expect(rejected).not.toHaveBeenCalled();
  });

  it('reports an unreadable error body as INTERNAL, marked bodyless', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(callApi(sessionRoutes.logOut)).rejects.toMatchObject({ status: 502, code: 'INTERNAL', bodyless: true });
    fetchMock.mockResolvedValueOnce(answer(500, { code: 'INTERNAL', message: 'Unexpected error occurred. Please try again later.' }));
    await expect(callApi(sessionRoutes.logOut)).rejects.toMatchObject({ status: 500, code: 'INTERNAL', bodyless: false });
  });

  it('reports a network failure as NETWORK', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(sessionRoutes.logOut)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('refuses an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { ok: 'yes' }));
    await expect(callApi(sessionRoutes.logOut)).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
  });

  it('sends an Idempotency-Key on idempotent routes: the action\'s own when given (a retry reuses it), else a fresh one per call', async () => {
    const funded = { movementId: 'm1', employeeId: 'e1', amountCents: 100, at: '2026-01-01T00:00:00.000Z' };
    fetchMock.mockImplementation(async () => answer(200, funded));
    const call = (idempotencyKey?: string) => callApi(fundingRoutes.fundEmployee, { params: { employeeId: 'e1' }, body: { amountCents: 100 }, idempotencyKey });
    await call('action-key-1');
    await call('action-key-1');
    await call();
    await call();
    await callApi(sessionRoutes.setLanguage, { body: { language: 'lv' } }).catch(() => undefined);
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys.slice(0, 2)).toEqual(['action-key-1', 'action-key-1']);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[4]).toBeNull();
  });
});

describe("the tab's company (DESIGN section 6)", () => {
  const sentCompany = () => new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('x-company-id');

  it('names it on company routes and on the profile, and nowhere else', async () => {
    setTabCompany({ companyId: 'company-a', name: 'A SIA', userId: 'u1' });
    fetchMock.mockResolvedValueOnce(answer(200, profile));
    await callApi(sessionRoutes.getProfile);
    expect(sentCompany()).toBe('company-a');
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(answer(500, {}));
    await expect(callApi(moneyRoutes.getMainAccount)).rejects.toBeInstanceOf(ApiError);
    expect(sentCompany()).toBe('company-a');
    for (const route of [sessionRoutes.setLanguage, reviewRoutes.listApplications] as const) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(answer(500, {}));
      await expect(callApi(route, route === sessionRoutes.setLanguage ? { body: { language: 'en' } } : {})).rejects.toBeInstanceOf(ApiError);
      expect(sentCompany(), route.path).toBeNull();
    }
  });

  it('sends none before the tab knows its company, so the server uses the last one', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, profile));
    await callApi(sessionRoutes.getProfile);
    expect(sentCompany()).toBeNull();
  });

  it('never sends a company another person chose in this tab, and forgets it', async () => {
    setTabCompany({ companyId: 'company-a', name: 'A SIA', userId: 'u1' });
    vi.mocked(getSignedInToken).mockResolvedValueOnce({ token: 'access-token', userId: 'u2' });
    fetchMock.mockResolvedValueOnce(answer(200, profile));
    await callApi(sessionRoutes.getProfile);
    expect(sentCompany()).toBeNull();
    expect(tabCompanyId()).toBeNull();
  });

  it('tells the session the company is lost on NOT_A_MEMBER, without ending the session', async () => {
    const lost = vi.fn();
    setCompanyLostHandler(lost);
    setTabCompany({ companyId: 'company-a', name: 'A SIA', userId: 'u1' });
    fetchMock.mockResolvedValueOnce(answer(403, { code: 'NOT_A_MEMBER', message: 'You are not a member of this company' }));
    await expect(callApi(moneyRoutes.getMainAccount)).rejects.toMatchObject({ status: 403, code: 'NOT_A_MEMBER' });
    expect(lost).toHaveBeenCalledWith('company-a');
    expect(rejected).not.toHaveBeenCalled();
  });
});

describe('the tab company store', () => {
  it('marks a company lost only while the tab shows it, and keeps its name', () => {
    setTabCompany({ companyId: 'company-a', name: 'A SIA', userId: 'u1' });
    expect(lostCompany()).toBeNull();
    // A late refusal about a company the tab left changes nothing.
    setTabCompany({ companyId: 'company-b', name: 'B SIA', userId: 'u1' });
    expect(markCompanyLost('company-a')).toBe(false);
    expect(tabCompanyId()).toBe('company-b');
    expect(markCompanyLost('company-b')).toBe(true);
    // The second of several refusals at once keeps the name the first recorded.
    expect(markCompanyLost('company-b')).toBe(false);
    expect(lostCompany()).toEqual({ companyId: 'company-b', name: 'B SIA', userId: 'u1' });
    expect(tabCompanyId()).toBeNull();
  });
});
