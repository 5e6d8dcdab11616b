// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { readPriceList } from './price-list';
export { providerAuditId } from './price-list';
export { monthlyFeeCharges } from './monthly-fee-charges';
