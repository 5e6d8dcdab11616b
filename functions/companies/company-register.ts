import * as z from 'zod/mini';
import { addressSchema } from '@shared/company';
import sample from './sample-register.json';

export const registerEntrySchema = /* @__PURE__ */ z.object({
  registrationNumber: z.string().check(z.regex(/^\d{11}$/)),
  name: z.string().check(z.minLength(1)),
  registeredOn: z.iso.date(),
  legalAddress: addressSchema,
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

/** The port to the company register: sign-up checks a company exists and takes its name and legal address. */
export interface CompanyRegister {
  find(registrationNumber: string): Promise<RegisterEntry | null>;
}

const sampleFileSchema = /* @__PURE__ */ z.object({ source: z.string(), companies: z.array(registerEntrySchema) });

/**
 * The register shipped with the code: locally, in tests and until a contract with the real register's API
 * exists. Parsed once, so a malformed file fails at the first lookup, loudly.
 */
export function sampleCompanyRegister(): CompanyRegister {
  const byNumber = new Map(sampleFileSchema.parse(sample).companies.map((entry) => [entry.registrationNumber, entry]));
  return { find: async (registrationNumber) => byNumber.get(registrationNumber) ?? null };
}
