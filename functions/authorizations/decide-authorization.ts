import { limitUsageOf, type DeclineReason, type LimitUse } from '@shared/authorizations';
import { merchantGroupOf, type MerchantCategoryGroup } from '@shared/cards';
import type { CardAccountStatus, CardStatus } from '@shared/statuses';

/** What the decision reads of the employee item: the card, its account, limits and what they have used. */
export interface CardAccountSnapshot extends LimitUse {
  cardId: string | null;
  cardStatus: CardStatus;
  cardAccountStatus: CardAccountStatus;
  balanceCents: number;
  limitCents: number;
  annualLimitCents: number;
  mccGroups: readonly MerchantCategoryGroup[];
}

export type Decision = { decision: 'approved'; mccGroup: MerchantCategoryGroup } | { decision: 'declined'; reason: DeclineReason };

/**
 * Whether a card payment may go ahead (issue 6): the presented card is the employee's current one and active, its
 * account active, the merchant's category in a group the company allows (a code in no group is allowed nowhere),
 * the available balance covers the amount, and the amount fits the monthly and annual limits. Limit use counts every
 * approved payment of the period from its approval on, so what is still reserved is in it already.
 */
export function decideAuthorization(
  card: CardAccountSnapshot,
  payment: { cardId: string; amountCents: number; merchantCategoryCode: string; rigaDay: string },
): Decision {
  if (card.cardId !== payment.cardId || card.cardStatus !== 'active' || card.cardAccountStatus !== 'active') return { decision: 'declined', reason: 'card_not_active' };
  const mccGroup = merchantGroupOf(payment.merchantCategoryCode);
  if (!mccGroup || !card.mccGroups.includes(mccGroup)) return { decision: 'declined', reason: 'merchant_category_not_allowed' };
  if (card.balanceCents < payment.amountCents) return { decision: 'declined', reason: 'insufficient_funds' };
  const used = limitUsageOf(card, payment.rigaDay);
  if (used.monthCents + payment.amountCents > card.limitCents) return { decision: 'declined', reason: 'monthly_limit_exceeded' };
  if (used.yearCents + payment.amountCents > card.annualLimitCents) return { decision: 'declined', reason: 'annual_limit_exceeded' };
  return { decision: 'approved', mccGroup };
}
