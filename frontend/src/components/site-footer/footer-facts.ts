/**
 * Every fact the footer shows (SPEC section 2 "Footer", section 9), kept in one place.
 * The legal entity, address, phone, e-mail and privacy URL are placeholders until the business supplies the
 * real ones; the e-money licence number 33 is from SPEC section 9.
 */
export const footerFacts = {
  legalEntityName: 'SIA "Bonus Card Latvia"',
  registrationNumber: '40003000033',
  legalAddress: 'Brīvības iela 33, Rīga, LV-1010, Latvija',
  eMoneyLicenceNumber: '33',
  contactPhone: '+371 67 000 033',
  contactEmail: 'support@bonus-card.example',
  privacyPolicyUrl: 'https://bonus-card.example/privacy-policy',
} as const;
