import { useCase } from '../platform/use-case';
import { readAccountEntries } from './account-entries';
import * as feeRoutes from '@shared/api/routes/fee-routes';

/** The company's view of its main account's ledger: fees it paid, balances that came back. */
export const handler = useCase(feeRoutes.listAccountEntries, async ({ caller, query }) => readAccountEntries(caller.companyId, query));
