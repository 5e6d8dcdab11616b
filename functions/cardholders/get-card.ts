import { useCase } from '../platform/use-case';
import { cardView, readCardholder } from './cardholder-store';
import * as cardholderRoutes from '@shared/api/routes/cardholder-routes';

export const handler = useCase(cardholderRoutes.getCard, async ({ caller }) => cardView(await readCardholder(caller)));
