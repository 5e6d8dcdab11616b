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

/**
 * The port to the e-money institution that issues the cards. Every call carries our request id, so a retried call
 * is applied once on the issuer's side. Asynchronous outcomes (a card delivered, suspended by the issuer) arrive
 * later at our webhook (employees/receive-issuer-event).
 */
export interface CardIssuer {
  orderCard(request: { requestId: string; cardholderName: string; deliveryAddress: DeliveryAddress | null }): Promise<IssuedCard>;
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
