import type { MerchantCategoryGroup, ReplacementReason } from '@shared/cards';

export interface DeliveryAddress {
  address: string;
  city: string;
  country: string;
  postalCode: string;
}

export interface IssuedCard {
  cardId: string;
  lastDigits: string;
}

export type CardStatusChange = 'activate' | 'block' | 'unblock' | 'close';

/** One card of a batch order: our request id for it, so a retried batch orders each card once. */
export interface CardOrder {
  requestId: string;
  cardholderName: string;
  deliveryAddress: DeliveryAddress | null;
}

/** What the issuer answered for one order of a batch: the card, or why it refused that one order. */
export type CardOrderAnswer = { requestId: string; card: IssuedCard } | { requestId: string; refused: string };

/** The most orders one batch call carries (a bulk employee import sends its rows in batches of this size). */
export const cardOrderBatchLimit = 100;

/**
 * The port to the e-money institution that issues the cards. Every call carries our request id, so a retried call
 * is applied once on the issuer's side. Asynchronous outcomes (a card delivered, suspended by the issuer) arrive
 * later at our webhook (employees/receive-issuer-event).
 */
export interface CardIssuer {
  orderCard(request: CardOrder): Promise<IssuedCard>;
  /**
   * Orders up to cardOrderBatchLimit cards in one call (issue 34: a bulk import): an answer per order, in the orders'
   * order, each applied once per request id on the issuer's side. A batch the issuer cannot take at all throws.
   */
  orderCards(orders: readonly CardOrder[]): Promise<CardOrderAnswer[]>;
  replaceCard(request: { requestId: string; cardId: string; reason: ReplacementReason; deliveryAddress: DeliveryAddress }): Promise<IssuedCard>;
  changeCardStatus(request: { requestId: string; cardId: string; change: CardStatusChange }): Promise<void>;
  setLimits(request: { requestId: string; cardId: string; limitCents: number; annualLimitCents: number; mccGroups: readonly MerchantCategoryGroup[] }): Promise<void>;
}

/** The issuer refused or could not be reached; the use case answers with its own code (SPEC section 8). */
export class CardIssuerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardIssuerError';
  }
}
