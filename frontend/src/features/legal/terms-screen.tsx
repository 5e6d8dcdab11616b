import { footerFacts } from '@frontend/components/site-footer/footer-facts';
import { LegalDocument } from './legal-document';

/** 'legal' is the section the footer's "Legal information" links to (#terms-legal). */
const sections = ['service', 'account', 'cards', 'funds', 'fees', 'liability', 'changes', 'legal'] as const;

/** The provider's facts, from the one place the footer reads them too. */
const facts = {
  entity: footerFacts.legalEntityName,
  registrationNumber: footerFacts.registrationNumber,
  address: footerFacts.legalAddress,
  licence: footerFacts.eMoneyLicenceNumber,
  phone: footerFacts.contactPhone,
  email: footerFacts.contactEmail,
};

export function TermsScreen() {
  return <LegalDocument document="terms" sections={sections} updated="2025-01-01" values={facts} />;
}
