import * as z from 'zod/mini';
import { defaultPrices, priceListBodySchema, type PriceList, type PriceListBody } from '@shared/prices';
import { auditItem, auditPut, type Actor } from '../platform/audit';
import { DomainError } from '../platform/errors';
import { entities, keys } from '../platform/keys';
import { getItem, tableName, transactWithRecords } from '../platform/table';
import { activeCompanyIds } from '../companies';

/** The provider's price list item (SPEC section 9: figures "not shown", so the provider sets them in /admin). */
const priceListRecord = /* @__PURE__ */ z.extend(priceListBodySchema, { updatedAt: z.string(), updatedBy: z.nullable(z.string()) });

/** The provider's current prices; the defaults until a provider admin first sets them. */
export async function readPriceList(): Promise<PriceList> {
  const item = await getItem(keys.priceList());
  if (!item) return { ...defaultPrices, updatedAt: null };
  const record = priceListRecord.parse(item);
  return { replacementFeeCents: record.replacementFeeCents, monthlyFeeCents: record.monthlyFeeCents, updatedAt: record.updatedAt };
}

/** The provider's own audit trail sits beside the companies' ones, under a company id no company can have. */
export const providerAuditId = 'PROVIDER';

/**
 * Replaces the price list and records who changed which fee from what, in one transaction. The write expects the
 * version it read (its updatedAt), so two admins saving at once get one change and one 409 CONFLICT, and the audit
 * record's "before" is always what the change replaced. Every active company pays these fees, so each one's log
 * records the change too, as the card provider's (issue 31): in the change's transaction while they fit, the rest in
 * transactions of their own right after it (platform/table.ts `transactWithRecords`). A company approved later starts
 * at the prices of the day and has no change to be told of.
 */
export async function savePriceList(body: PriceListBody, actor: Actor): Promise<PriceList> {
  const [current, companyIds] = await Promise.all([readPriceList(), activeCompanyIds()]);
  const at = new Date().toISOString();
  const before = { replacementFeeCents: current.replacementFeeCents, monthlyFeeCents: current.monthlyFeeCents };
  const after = { replacementFeeCents: body.replacementFeeCents, monthlyFeeCents: body.monthlyFeeCents };
  await transactWithRecords(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.priceList(), entity: entities.priceList, ...body, updatedAt: at, updatedBy: actor.userId },
          ...(current.updatedAt === null
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': current.updatedAt } }),
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: auditItem({
            companyId: providerAuditId,
            actor,
            action: 'prices.change',
            target: { type: 'priceList', id: 'current' },
            before,
            after,
            at,
          }),
        },
      },
    ],
    companyIds.map((companyId) => auditPut({ companyId, actor, action: 'prices.change', target: { type: 'company', id: companyId }, before, after, at })),
    { 0: new DomainError(409, 'CONFLICT') },
  );
  return { ...body, updatedAt: at };
}
