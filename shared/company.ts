import * as z from 'zod/mini';

/** An address as SPEC section 3 lists it for onboarding: street, house and premises number, city, postcode, country. */
export const addressSchema = /* @__PURE__ */ z.object({
  street: z.string(),
  houseNumber: z.string(),
  premisesNumber: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().check(z.length(2)),
});
export type Address = z.infer<typeof addressSchema>;
