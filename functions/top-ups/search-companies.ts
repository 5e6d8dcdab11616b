import { useCase } from '../platform/use-case';
import { searchCompanies } from './bank-transfers';
import * as topUpRoutes from '@shared/api/routes/top-up-routes';

export const handler = useCase(topUpRoutes.searchCompanies, async ({ query }) => ({ companies: await searchCompanies(query.search) }));
