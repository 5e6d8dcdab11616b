import { readPriceList } from '../platform/prices';
import { useCase } from '../platform/use-case';

export const handler = useCase('GET /admin/prices', async () => readPriceList());
