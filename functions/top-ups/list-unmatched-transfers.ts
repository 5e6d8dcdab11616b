import { useCase } from '../platform/use-case';
import { listUnmatched } from './bank-transfers';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';

export const handler = useCase(topUpRoutes.listUnmatchedTransfers, async ({ query }) => listUnmatched(query));
