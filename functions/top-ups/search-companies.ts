import { useCase } from '../platform/use-case';
import { searchCompanies } from './bank-transfers';

export const handler = useCase('GET /admin/top-ups/companies', async ({ query }) => ({ companies: await searchCompanies(query.search) }));
