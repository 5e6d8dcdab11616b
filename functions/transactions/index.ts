// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { allTransactions, recordTransaction, transactionChangeItems, TransactionNumbersTaken } from './card-transactions';
export { monthTally } from './transaction-page-range';
export { transactionsOf } from './transaction-pages';
export { transactionRecord, transactionTallyRecord } from './transaction-records';
export type { TransactionRecord } from './transaction-records';
export { employeeTransactionsBefore } from './employee-transactions';
