import { useCase } from '../platform/use-case';
import { listUnmatched } from './bank-transfers';

export const handler = useCase('GET /admin/top-ups/unmatched', async ({ query }) => listUnmatched(query));
