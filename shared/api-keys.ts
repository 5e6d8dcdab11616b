import * as z from 'zod/mini';

/**
 * Company API keys (issue 20): a payroll or HR system calls the public API (shared/api/public-api.ts) with
 * `Authorization: Bearer <key>` as its company, within the key's scopes. Owners make and revoke them.
 */
export const apiScopes = ['employees:read', 'employees:write', 'money:write', 'reports:read'] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiScopeSchema = /* @__PURE__ */ z.enum(apiScopes);

/** A key is `bck_<keyId>_<secret>`: the id finds its record, the secret is compared with the stored hash. */
export const apiKeyPrefix = 'bck_';
export const apiKeyPattern = /^bck_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** Requests a key may make in one minute; more are answered 429 with Retry-After until the minute ends. */
export const apiKeyRequestsPerMinute = 120;
export const apiKeyNameMaxLength = 60;
/** How many of a secret's last characters the list shows: enough to match a key, too few to guess it (43 random ones). */
export const apiKeyShownLastChars = 4;
/** A company's live keys at most (revoked ones are kept, shown as revoked, and do not count). */
export const apiKeysPerCompany = 20;

export const createApiKeyBodySchema = /* @__PURE__ */ z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'REQUIRED' }), z.maxLength(apiKeyNameMaxLength, { error: 'NAME_TOO_LONG' })),
  scopes: z.array(apiScopeSchema).check(
    z.minLength(1, { error: 'LIST_REQUIRED' }),
    z.refine((scopes) => new Set(scopes).size === scopes.length, { error: 'DUPLICATE_OPTION' }),
  ),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/**
 * Who made a key, as the company knows them now (issue 30): a key outlives its maker's membership until someone revokes
 * it, so the list says when its maker has left.
 */
export const apiKeyCreatorSchema = /* @__PURE__ */ z.object({
  userId: z.string(),
  /** Their name now; the name the key recorded when it was made if their profile is gone. */
  name: z.string(),
  email: z.nullable(z.string()),
  /** Whether they are still an active member of the key's company. */
  inCompany: z.boolean(),
});
export type ApiKeyCreator = z.infer<typeof apiKeyCreatorSchema>;

export const apiKeyViewSchema = /* @__PURE__ */ z.object({
  keyId: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The key's first characters (`bck_<keyId>`), so an owner can tell which key a system holds. */
  hint: z.string(),
  /** The secret's last apiKeyShownLastChars characters (null for keys made before issue 32). */
  lastChars: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: apiKeyCreatorSchema,
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = /* @__PURE__ */ z.object({ rows: z.array(apiKeyViewSchema) });
/** The answer that creates a key: the only time its secret is shown. */
export const createdApiKeySchema = /* @__PURE__ */ z.object({ key: apiKeyViewSchema, secret: z.string() });
const apiKeyIdSchema = /* @__PURE__ */ z.string().check(z.regex(/^[a-z0-9]{16}$/, { error: 'INVALID_VALUE' }));
export const apiKeyIdParamsSchema = /* @__PURE__ */ z.object({ keyId: apiKeyIdSchema });

/**
 * Key ids as a query parameter: `a,b` or the parameter repeated (API Gateway joins repeats with commas); each once, and
 * no more than a company may have live.
 */
export const apiKeyIdListSchema = /* @__PURE__ */ z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value)),
  z.array(apiKeyIdSchema).check(
    z.maxLength(apiKeysPerCompany, { error: 'INVALID_VALUE' }),
    z.refine((ids) => new Set(ids).size === ids.length, { error: 'DUPLICATE_OPTION' }),
  ),
);
