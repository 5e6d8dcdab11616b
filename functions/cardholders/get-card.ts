import { useCase } from '../platform/use-case';
import { cardView, readCardholder } from './cardholder-store';

export const handler = useCase('GET /card', async ({ caller }) => cardView(await readCardholder(caller)));
