import { queryOptions } from '@tanstack/react-query';
import * as feeRoutes from '@shared/api/routes/fee-routes';
import type { PriceListBody } from '@shared/prices';
import { callApi } from '@frontend/lib/http';

export const priceListQueryKey = ['admin', 'prices'] as const;

export function priceListQueryOptions() {
  return queryOptions({ queryKey: priceListQueryKey, queryFn: ({ signal }) => callApi(feeRoutes.getPriceList, { signal }) });
}

export function savePriceList(body: PriceListBody) {
  return callApi(feeRoutes.setPriceList, { body });
}
