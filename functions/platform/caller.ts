import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { companyHeader, companyIdPattern, type RouteDefinition } from '@shared/api/route-definition';
import { hasReporting } from '@shared/api/schemas';
import { hasRole, providerAdminGroup, type Role } from '@shared/roles';
import { publicApiScopeOf } from '@shared/api/public-api';
import { isPublicApiRequest, resolveApiKeyCaller } from './api-key-callers';
import { forbidden, notFound, unauthorized, DomainError } from './errors';
import { keys } from './keys';
import { companyRecord, membershipRecord, userProfileRecord, type MembershipRecord, type UserProfileRecord } from './identity-records';
import { getItem, queryPartition } from './table';

export interface Caller {
  userId: string;
  isProviderAdmin: boolean;
  profile: UserProfileRecord;
  /** Every company the user belongs to, read with the profile in one query. */
  memberships: MembershipRecord[];
  /**
   * The company the request acts on: the one its tab names (the company header), else the profile's last company.
   * Never taken from a body or path alone (DESIGN section 6).
   */
  companyId: string | null;
  role: Role;
  /** The bearer token API Gateway verified: Cognito's calls "by the user's own token" take it ('' for an API key). */
  accessToken: string;
  /**
   * Set when a company's system calls the public API with a key: the key acts, with its scopes, as the company.
   * `createdBy`: the person who made the key, who counts as the asker of what the key asks (issue 35).
   */
  apiKey?: { keyId: string; name: string; createdBy: string };
  /** The signed-in session the token comes from (Cognito's origin_jti), and when it signed in; none for an API key. */
  session?: { originJti: string; authTime: number };
}

/** The caller of a member route: resolveCaller has made sure a current company exists. */
export type MemberCaller = Caller & { companyId: string };

type Claims = Record<string, string | number | boolean | string[] | undefined>;

function claimsOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Claims | undefined {
  return event.requestContext.authorizer?.jwt?.claims as Claims | undefined;
}

function bearerTokenOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** Whether the verified token is a Cognito access token (an ID token says `token_use: id`). */
export function isAccessToken(claims: Claims | undefined): boolean {
  return claims?.token_use === 'access';
}

/** API Gateway hands array claims over as "[a b]"; the local adapter passes the JSON array. */
export function groupsOf(claim: Claims[string]): string[] {
  if (Array.isArray(claim)) return claim;
  if (typeof claim !== 'string' || claim.length === 0) return [];
  return claim.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

type CallerRoute = Pick<RouteDefinition, 'handler' | 'access' | 'beforeSecondFactor' | 'activeCompanyOnly' | 'feature'>;

export async function resolveCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer, route: CallerRoute): Promise<Caller | null> {
  const { access } = route;
  if (access.kind === 'public' || access.kind === 'cardholder') return null;
  if (isPublicApiRequest(event)) return resolveKeyCaller(event, route);
  const claims = claimsOf(event);
  // API Gateway's JWT authorizer also lets an ID token through (its audience is the client id too); the API takes the
  // access token only, as the local adapter does.
  if (!isAccessToken(claims)) throw unauthorized();
  const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
  // A refreshed token keeps its sign-in's auth_time and origin_jti: the API judges the session, not the minting.
  const authTime = Number(claims?.auth_time);
  const originJti = typeof claims?.origin_jti === 'string' && claims.origin_jti.length > 0 ? claims.origin_jti : undefined;
  const accessToken = bearerTokenOf(event);
  if (!userId || !Number.isFinite(authTime) || !originJti || !accessToken) throw unauthorized();

  // The profile, the memberships and the signed-out sessions share the user's partition: one query reads them all.
  const { pk, sk } = keys.userProfile(userId);
  const items = await queryPartition(pk);
  const profileItem = items.find((item) => item.sk === sk);
  if (!profileItem) throw forbidden('PROFILE_NOT_FOUND');
  const profile = userProfileRecord.parse(profileItem);
  const memberships = items
    .filter((item) => typeof item.sk === 'string' && item.sk.startsWith(keys.membershipsOfUser(userId).skPrefix))
    .map((item) => membershipRecord.parse(item));
  // Signed out on this device, or every session ended (all devices, a password reset, a phone set) after it began.
  if (authTime < profile.tokensValidAfter) throw unauthorized('TOKEN_REVOKED');
  if (items.some((item) => item.sk === keys.endedSession(userId, originJti).sk)) throw unauthorized('TOKEN_REVOKED');
  if (profile.status === 'blocked') throw forbidden('FORBIDDEN');
  // The pool's MFA is optional only so that a user without a phone can reach /phone/setup; the portal itself
  // requires the second factor. A recorded phone means Cognito asks for its SMS code at every sign-in.
  if (!profile.phone && !route.beforeSecondFactor) throw forbidden('PHONE_SETUP_REQUIRED');

  const isProviderAdmin = groupsOf(claims?.['cognito:groups']).includes(providerAdminGroup);
  const named = companyNamedBy(event);
  if (named !== undefined && access.kind === 'provider-admin') throw new DomainError(400, 'COMPANY_HEADER_NOT_ALLOWED');
  // A company the tab names must be one of the caller's: never a fallback to another, which would act on a company
  // the screen does not show. Without one, the profile's last company; one the user was removed from falls back to
  // one they still belong to, never to a lock-out.
  const membership = named === undefined ? (memberships.find((m) => m.companyId === profile.currentCompanyId) ?? memberships[0]) : memberships.find((m) => m.companyId === named);
  if (named !== undefined && !membership) throw forbidden('NOT_A_MEMBER');
  const caller: Caller = {
    userId,
    isProviderAdmin,
    profile: { ...profile, currentCompanyId: membership?.companyId ?? null },
    memberships,
    companyId: membership?.companyId ?? null,
    role: membership?.role ?? 'guest',
    accessToken,
    session: { originJti, authTime },
  };

  if (access.kind === 'provider-admin' && !isProviderAdmin) throw forbidden('FORBIDDEN');
  if (access.kind === 'member') {
    if (!caller.companyId) throw new DomainError(403, 'NO_CURRENT_COMPANY');
    if (!hasRole(caller.role, access.minRole)) throw forbidden('ROLE_TOO_LOW');
    if (access.roles && !(access.roles as readonly Role[]).includes(caller.role)) throw forbidden('ROLE_NOT_ALLOWED');
    await checkCompany(caller.companyId, route);
  }
  return caller;
}

/** The company the request's tab names; undefined when it names none. A malformed one is refused, never ignored. */
function companyNamedBy(event: APIGatewayProxyEventV2WithJWTAuthorizer): string | undefined {
  const named = event.headers?.[companyHeader];
  if (named === undefined) return undefined;
  if (!companyIdPattern.test(named)) throw new DomainError(400, 'COMPANY_ID_INVALID');
  return named;
}

async function checkCompany(companyId: string, route: CallerRoute): Promise<void> {
  if (!route.activeCompanyOnly && !route.feature) return;
  const company = await getItem(keys.company(companyId));
  if (route.activeCompanyOnly && company?.status !== 'active') throw forbidden('COMPANY_NOT_APPROVED');
  if (route.feature === 'reporting' && !(company && hasReporting(companyRecord.parse(company).availableFeatures))) throw forbidden('FEATURE_NOT_AVAILABLE');
}

/**
 * A public API request (shared/api/public-api.ts): its key's company, within the key's scopes instead of a role. The
 * key acts as a manager of its company would (the public routes need no more), named "API key '<name>'" wherever an
 * action records who did it, and with no e-mail address (nothing it asks for is mailed).
 */
async function resolveKeyCaller(event: APIGatewayProxyEventV2WithJWTAuthorizer, route: CallerRoute): Promise<Caller> {
  const scope = publicApiScopeOf(route);
  // The stack and the local adapter expose only the public routes on these paths.
  if (!scope) throw notFound('ROUTE_NOT_FOUND');
  const key = await resolveApiKeyCaller(event, scope);
  // A key acts on its own company only: naming another is refused, not followed.
  const named = companyNamedBy(event);
  if (named !== undefined && named !== key.companyId) throw forbidden('NOT_THE_KEYS_COMPANY');
  const userId = `api-key:${key.keyId}`;
  await checkCompany(key.companyId, route);
  return {
    userId,
    isProviderAdmin: false,
    profile: {
      userId,
      email: '',
      name: `API key '${key.name}'`,
      surname: '',
      phone: null,
      status: 'active',
      language: 'en',
      currentCompanyId: key.companyId,
      tokensValidAfter: 0,
    },
    memberships: [{ userId, companyId: key.companyId, membershipId: userId, role: apiKeyRole, status: 'active', invitedAt: null }],
    companyId: key.companyId,
    role: apiKeyRole,
    accessToken: '',
    apiKey: { keyId: key.keyId, name: key.name, createdBy: key.createdBy },
  };
}

/** What a key may do within its scopes: a manager's actions (the public API has no owner's route). */
const apiKeyRole = 'manager' satisfies Role;
