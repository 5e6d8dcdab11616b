import * as z from 'zod/mini';
import { kycStatusSchema } from '../kyc';
import { languageSchema } from '../languages';
import { currency } from '../money';
import { companyRoleSchema, roleSchema } from '../roles';
import { companyStatusSchema, userStatusSchema } from '../statuses';
import { requiredText } from '../validation';

export const errorBodySchema = /* @__PURE__ */ z.object({
  code: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  /** A 429's wait, as its Retry-After header says. */
  retryAfterSeconds: z.optional(z.int().check(z.nonnegative())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const availableFeaturesSchema = /* @__PURE__ */ z.object({
  reporting: z.object({ available: z.boolean() }),
  all_features: z.boolean(),
});
export type AvailableFeatures = z.infer<typeof availableFeaturesSchema>;
export const noFeatures: AvailableFeatures = { reporting: { available: false }, all_features: false };

export function hasReporting(features: AvailableFeatures): boolean {
  return features.all_features || features.reporting.available;
}

export const clientEntrySchema = /* @__PURE__ */ z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  role: companyRoleSchema,
  availableFeatures: availableFeaturesSchema,
  provider: z.string(),
  topUpAccountIBAN: z.nullable(z.string()),
});
export type ClientEntry = z.infer<typeof clientEntrySchema>;

/** The session user of SPEC section 3, as GET /users/profile answers it. */
export const profileSchema = /* @__PURE__ */ z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  currency: z.literal(currency),
  language: languageSchema,
  clients: z.array(clientEntrySchema),
  currentClient: z.nullable(clientEntrySchema),
  availableFeatures: availableFeaturesSchema,
  provider: z.nullable(z.string()),
  topUpAccountIBAN: z.nullable(z.string()),
  currentKycStatus: kycStatusSchema,
  /** The current company's standing with the provider: pending_approval shows the waiting state. */
  currentCompanyStatus: z.nullable(companyStatusSchema),
  isProviderAdmin: z.boolean(),
  /** No SMS second factor yet: the portal sends the user to /phone/setup and the API refuses everything else. */
  phoneSetupRequired: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const setLanguageBodySchema = /* @__PURE__ */ z.object({ language: requiredText(10) });
export const setLanguageAnswerSchema = /* @__PURE__ */ z.object({ language: languageSchema });

export const switchClientBodySchema = /* @__PURE__ */ z.object({ companyId: requiredText(100) });
export const switchClientAnswerSchema = /* @__PURE__ */ z.object({ accessToken: z.nullable(z.string()), profile: profileSchema });

export const okAnswerSchema = /* @__PURE__ */ z.object({ ok: z.literal(true) });
