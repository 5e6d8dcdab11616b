import { allowedCardActions, allowedDeviceActions, canReceiveFunds, type CompanyCardAction, type DeviceAction } from '@shared/cards';
import { can, type Role } from '@shared/roles';
import type { CardStatus, DeviceStatus } from '@shared/statuses';

export interface OfferedActions {
  card: CompanyCardAction[];
  device: DeviceAction[];
  /** Phone, limits: details an acting role may change while the product is not terminated. */
  editDetails: boolean;
  /** Lifting a /card sign-in lock (too many wrong codes) is the card managers'. */
  liftSignInLock: boolean;
}

/**
 * What the screen offers for one employee: what the card's state machine allows, and only to a role that may act
 * (shared/roles.ts: accountants see everything and act on nothing).
 */
export function offeredActions(role: Role, employee: { cardStatus: CardStatus; deviceStatus: DeviceStatus }): OfferedActions {
  if (!can(role, 'manageCards')) return { card: [], device: [], editDetails: false, liftSignInLock: false };
  const terminated = employee.cardStatus === 'stopped';
  return {
    card: allowedCardActions(employee.cardStatus),
    device: terminated ? [] : allowedDeviceActions(employee.deviceStatus),
    editDetails: !terminated,
    liftSignInLock: !terminated,
  };
}

/** Add funds: a role that may transfer funds, to a user whose card account can receive them. */
export function canAddFunds(role: Role, cardStatus: CardStatus): boolean {
  return can(role, 'transferFunds') && canReceiveFunds(cardStatus);
}
