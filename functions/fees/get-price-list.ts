import { readPriceList } from './price-list';
import { useCase } from '../platform/use-case';
import * as feeRoutes from '@shared/api/routes/fee-routes';

export const handler = useCase(feeRoutes.getPriceList, async () => readPriceList());
