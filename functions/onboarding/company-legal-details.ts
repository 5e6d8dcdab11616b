import * as z from 'zod/mini';
import type { Address } from '@shared/company';
import { keys } from '../platform/keys';
import { getItem } from '../platform/table';
import { applicationRecord } from './application-records';

const generalAnswers = /* @__PURE__ */ z.object({
  vatNumber: z.optional(z.string()),
  legalStreet: z.optional(z.string()),
  legalHouseNumber: z.optional(z.string()),
  legalPremisesNumber: z.optional(z.string()),
  legalCity: z.optional(z.string()),
  legalPostcode: z.optional(z.string()),
  legalCountry: z.optional(z.string()),
});

/** What the company told in its onboarding about itself that its invoices print: its VAT number and legal address. */
export interface CompanyLegalDetails {
  vatNumber: string | null;
  legalAddress: Address | null;
}

/** The onboarding's answers of the general step, read loosely (an answer left out is simply not there). */
export async function companyLegalDetails(companyId: string): Promise<CompanyLegalDetails> {
  const item = await getItem(keys.application(companyId));
  const general = item ? generalAnswers.safeParse(applicationRecord.parse(item).answers.general ?? {}) : null;
  const answers = general?.success ? general.data : {};
  const filled = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);
  const street = filled(answers.legalStreet);
  const city = filled(answers.legalCity);
  const country = filled(answers.legalCountry);
  return {
    vatNumber: filled(answers.vatNumber),
    legalAddress:
      street && city && country
        ? { street, houseNumber: filled(answers.legalHouseNumber) ?? '', premisesNumber: filled(answers.legalPremisesNumber), city, postcode: filled(answers.legalPostcode) ?? '', country }
        : null,
  };
}
