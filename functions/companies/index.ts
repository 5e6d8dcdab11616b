// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { sampleCompanyRegister } from './company-register';
export { newCompany } from './new-company';
export { activeCompanyIds } from './active-companies';
