import * as z from 'zod';
import { priceListBodySchema } from '@shared/prices';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/** The provider's price list (SPEC section 9: figures "not shown", so the provider sets them in /admin). */
export const priceListRecord = priceListBodySchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() });
