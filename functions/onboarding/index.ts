// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { companyLegalDetails } from './company-legal-details';
export type { CompanyLegalDetails } from './company-legal-details';
