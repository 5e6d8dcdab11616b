import * as z from 'zod/mini';
import type { CardStatus, DeviceStatus, EmployeeStatus } from './statuses';

/**
 * The card lifecycle (SPEC section 4) as one state machine: the API refuses an action its table does not allow
 * (409 CARD_ACTION_NOT_ALLOWED) and the UI offers only what `allowedCardActions` answers.
 *
 * new/none: no card yet -> ordered -> delivered -> active <-> soft_blocked (a temporary block; the monthly fee is
 * still charged). Replacing orders a new card (replaced_ordered -> replaced_delivered -> active). Closing is final
 * for the card; the product (account, app) stays until it is terminated, which closes everything (stopped).
 * suspended, blocked, inactive and removed are set by the issuer only.
 */
export const companyCardActions = ['activate', 'block', 'unblock', 'close', 'replace', 'terminate'] as const;
export type CompanyCardAction = (typeof companyCardActions)[number];

/** What the issuer reports (its webhook events) besides the outcomes of our own calls. */
export const issuerCardActions = ['order', 'deliver', 'suspend', 'hard_block', 'reactivate', 'expire', 'remove'] as const;
export type IssuerCardAction = (typeof issuerCardActions)[number];

export type CardAction = CompanyCardAction | IssuerCardAction;

const liveStatuses: readonly CardStatus[] = ['ordered', 'delivered', 'active', 'soft_blocked', 'suspended', 'blocked', 'inactive', 'replaced_ordered', 'replaced_delivered'];

const transitions: Readonly<Record<CardAction, Partial<Record<CardStatus, CardStatus>>>> = {
  order: { new: 'ordered', none: 'ordered' },
  deliver: { ordered: 'delivered', replaced_ordered: 'replaced_delivered' },
  activate: { delivered: 'active', replaced_delivered: 'active' },
  block: { active: 'soft_blocked' },
  unblock: { soft_blocked: 'active' },
  close: Object.fromEntries(liveStatuses.map((status) => [status, 'closed'])),
  // A lost or stolen card may already be blocked or closed when its replacement is ordered.
  replace: { active: 'replaced_ordered', soft_blocked: 'replaced_ordered', blocked: 'replaced_ordered', suspended: 'replaced_ordered', inactive: 'replaced_ordered', closed: 'replaced_ordered' },
  terminate: Object.fromEntries([...liveStatuses, 'new', 'none', 'closed', 'removed'].map((status) => [status, 'stopped'])),
  suspend: { active: 'suspended', soft_blocked: 'suspended' },
  hard_block: { active: 'blocked', soft_blocked: 'blocked', suspended: 'blocked' },
  reactivate: { suspended: 'active', blocked: 'active' },
  expire: { active: 'inactive', soft_blocked: 'inactive' },
  remove: Object.fromEntries(liveStatuses.map((status) => [status, 'removed'])),
};

/** The status an action leads to from `status`, or null when the action is not allowed there. */
export function nextCardStatus(status: CardStatus, action: CardAction): CardStatus | null {
  return transitions[action][status] ?? null;
}

export function allowedCardActions(status: CardStatus): CompanyCardAction[] {
  return companyCardActions.filter((action) => nextCardStatus(status, action) !== null);
}

/** Actions whose outcome depends on money still held by the card: refused while authorizations are pending. */
export const actionsRefusedWhileAuthorized: readonly CompanyCardAction[] = ['replace', 'terminate'];

/** A terminated product: no card, no app access, no monthly fee. */
export function isTerminated(status: CardStatus): boolean {
  return status === 'stopped';
}

/** A card the issuer no longer has (closed, removed, or the product terminated): nothing to tell it, nothing it spends. */
export function isCardGone(status: CardStatus): boolean {
  return status === 'closed' || status === 'removed' || status === 'stopped';
}

/** Which cards the monthly maintenance fee is charged for: every issued product not terminated, blocked ones included. */
export function isChargedMonthlyFee(status: CardStatus): boolean {
  return status !== 'stopped' && status !== 'new' && status !== 'none';
}

/** SPEC section 4's employee status, derived from the card so the two never disagree. */
export function employeeStatusOf(cardStatus: CardStatus): EmployeeStatus {
  switch (cardStatus) {
    case 'new':
    case 'none':
    case 'ordered':
    case 'delivered':
      return 'created';
    case 'active':
    case 'replaced_ordered':
    case 'replaced_delivered':
      return 'active';
    case 'closed':
    case 'stopped':
      return 'closed_card';
    default:
      return 'non_active';
  }
}

/** Money can reach an employee's card account only while the employee is active (SPEC: 'not active'). */
export function canReceiveFunds(cardStatus: CardStatus): boolean {
  return employeeStatusOf(cardStatus) === 'active';
}

/** App access (device status): blocked and unblocked by the company; removed when the product is terminated. */
export const deviceActions = ['block', 'unblock'] as const;
export type DeviceAction = (typeof deviceActions)[number];

export function nextDeviceStatus(status: DeviceStatus, action: DeviceAction | 'remove' | 'sign_in'): DeviceStatus | null {
  if (action === 'remove') return status === 'removed' ? null : 'removed';
  if (action === 'block') return status === 'created' || status === 'active' ? 'blocked' : null;
  if (action === 'unblock') return status === 'blocked' ? 'active' : null;
  return status === 'created' ? 'active' : status === 'active' ? status : null;
}

export function allowedDeviceActions(status: DeviceStatus): DeviceAction[] {
  return deviceActions.filter((action) => nextDeviceStatus(status, action) !== null);
}

export const replacementReasons = ['lost', 'stolen', 'damaged', 'expired'] as const;
export type ReplacementReason = (typeof replacementReasons)[number];

/**
 * Merchant category groups a card may be allowed to spend in, each a set of ISO 18245 merchant category codes.
 * The issuer's authorizations (the money work) check a purchase's code against the card's groups.
 */
export const merchantCategoryGroups = {
  groceries: ['5411', '5422', '5441', '5451', '5462', '5499'],
  restaurants: ['5812', '5813', '5814'],
  transport: ['4111', '4121', '4131', '4789'],
  fuel: ['5541', '5542', '5983'],
  health: ['5912', '8011', '8021', '8062', '8099'],
  leisure: ['7832', '7922', '7941', '7991', '7997'],
  education: ['5942', '8211', '8220', '8299'],
} as const satisfies Record<string, readonly string[]>;
export type MerchantCategoryGroup = keyof typeof merchantCategoryGroups;
export const merchantCategoryGroupNames = Object.keys(merchantCategoryGroups) as MerchantCategoryGroup[];
export const merchantCategoryGroupSchema = /* @__PURE__ */ z.enum(merchantCategoryGroupNames as [MerchantCategoryGroup, ...MerchantCategoryGroup[]]);

export function merchantGroupOf(merchantCategoryCode: string): MerchantCategoryGroup | null {
  return merchantCategoryGroupNames.find((group) => (merchantCategoryGroups[group] as readonly string[]).includes(merchantCategoryCode)) ?? null;
}

/** A new employee's card limits until the company sets them: monthly EUR 500, annual EUR 6,000, every group. */
export const defaultCardLimits = {
  limitCents: 50_000,
  annualLimitCents: 600_000,
  mccGroups: merchantCategoryGroupNames,
} as const;
