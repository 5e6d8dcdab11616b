import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { savePriceList } from './price-list';
import * as feeRoutes from '@shared/api/routes/fee-routes';

export const handler = useCase(feeRoutes.setPriceList, async ({ caller, body }) => savePriceList(body, actorOfCaller(caller, 'admin')));
