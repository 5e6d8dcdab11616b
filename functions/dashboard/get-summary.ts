import * as z from 'zod/mini';
import { currency } from '@shared/money';
import { notFound } from '../platform/errors';
import { keys } from '../platform/keys';
import { mainAccountRecord } from '../money';
import { batchGetItems, itemId } from '../platform/table';
import { useCase } from '../platform/use-case';
import * as dashboardRoutes from '@shared/api/routes/dashboard-routes';

// Pending authorizations add to it and settlements and releases take from it in the writes that change them; a
// company with no card activity yet has no such attribute.
const reservedOfCounters = /* @__PURE__ */ z.object({ reservedCents: z._default(z.int(), 0) });

/** Two items by key, whatever the company holds: the main account and the counters. */
export const handler = useCase(dashboardRoutes.getSummary, async ({ caller }) => {
  const asOf = new Date().toISOString();
  const accountKey = keys.mainAccount(caller.companyId);
  const countersKey = keys.counters(caller.companyId);
  const found = await batchGetItems([accountKey, countersKey]);
  const account = found.get(itemId(accountKey));
  if (!account) throw notFound();
  const { availableCents } = mainAccountRecord.parse(account);
  const { reservedCents } = reservedOfCounters.parse(found.get(itemId(countersKey)) ?? {});
  return { availableCents, reservedCents, currency, asOf };
});
