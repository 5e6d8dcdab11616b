import { actorOfCaller } from '../platform/audit';
import { useCase } from '../platform/use-case';
import { savePriceList } from './price-list';

export const handler = useCase('PUT /admin/prices', async ({ caller, body }) => savePriceList(body, actorOfCaller(caller, 'admin')));
