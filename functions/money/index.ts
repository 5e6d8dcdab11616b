// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { employeeOfAccount, ledgerItems, mainAccountChange, mainAccountHold, mainAccountRelease } from './ledger';
export { ledgerEntryRecord, mainAccountRecord } from './money-records';
export { alertOnLowBalance } from './low-balance';
export { readAccount } from './main-account-view';
export { cardAccountEntries } from './card-account-entries';
export type { CardAccountEntry } from './card-account-entries';
export type { LedgerEntryRecord } from './money-records';
export { indexCardStatements } from './card-statement-index';
export { mainAccountLegs } from './main-account-legs';
