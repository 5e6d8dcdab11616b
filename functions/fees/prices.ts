import { defaultPrices, type PriceList } from '@shared/prices';
import { keys } from '../platform/keys';
import { priceListRecord } from './price-records';
import { getItem } from '../platform/table';

/** The provider's current prices; the defaults until a provider admin first sets them. */
export async function readPriceList(): Promise<PriceList> {
  const item = await getItem(keys.priceList());
  if (!item) return { ...defaultPrices, updatedAt: null };
  const record = priceListRecord.parse(item);
  return { replacementFeeCents: record.replacementFeeCents, monthlyFeeCents: record.monthlyFeeCents, updatedAt: record.updatedAt };
}
