import { useCase } from '../platform/use-case';
import { readAccountEntries } from './account-entries';

/** The company's view of its main account's ledger: fees it paid, balances that came back. */
export const handler = useCase('GET /accounts/main/entries', async ({ caller, query }) => readAccountEntries(caller.companyId, query));
