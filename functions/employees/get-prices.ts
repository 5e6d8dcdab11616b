import { readPriceList } from '../fees';
import { useCase } from '../platform/use-case';
import * as employeeRoutes from '@shared/api/routes/employee-routes';

/** The company's users see the prices before a paid action (the replacement fee). */
export const handler = useCase(employeeRoutes.getPrices, async () => readPriceList());
