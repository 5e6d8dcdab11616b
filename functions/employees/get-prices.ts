import { readPriceList } from '../platform/prices';
import { useCase } from '../platform/use-case';

/** The company's users see the prices before a paid action (the replacement fee). */
export const handler = useCase('GET /prices', async () => readPriceList());
