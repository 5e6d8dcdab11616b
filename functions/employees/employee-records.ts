import * as z from 'zod/mini';
import { merchantCategoryGroupSchema } from '@shared/cards';
import { languageSchema } from '@shared/languages';
import { cardAccountStatuses, cardStatuses, deviceStatuses, employeeStatuses, statusChangers } from '@shared/statuses';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.

/** An employee with their card and card account (one item: a card action is one conditioned write). */
export const employeeRecord = /* @__PURE__ */ z.object({
  companyId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z._default(z.nullable(z.string()), null),
  email: z._default(z.nullable(z.string()), null),
  personalCode: z._default(z.nullable(z.string()), null),
  /** The employee's language when the company gave one (a bulk import's Language column, issue 34); none before. */
  language: z._default(z.nullable(languageSchema), null),
  cardId: z._default(z.nullable(z.string()), null),
  lastCardDigits: z._default(z.nullable(z.string()), null),
  cardStatus: z.enum(cardStatuses),
  cardStatusChangedBy: z.enum(statusChangers),
  cardStatusChangedAt: z.string(),
  deviceStatus: z.enum(deviceStatuses),
  cardAccountStatus: z.enum(cardAccountStatuses),
  /** Derived from the card status on every write (employeeStatusOf), kept for the list's status filter. */
  status: z.enum(employeeStatuses),
  balanceCents: z.int(),
  reservedCents: z._default(z.int(), 0),
  /**
   * The monthly limit's use in the Riga month `usedMonth`: every approved card payment of that month, counted when
   * approved (so reservations are in it), corrected when settled, given back when reversed or expired. A month other
   * than the current one means nothing used yet (limitUsageOf).
   */
  usedCents: z._default(z.int(), 0),
  usedMonth: z._default(z.nullable(z.string()), null),
  /** The annual limit's use in the Riga year `usedYear`, kept the same way. */
  annualUsedCents: z._default(z.int(), 0),
  usedYear: z._default(z.nullable(z.string()), null),
  limitCents: z.int(),
  annualLimitCents: z.int(),
  mccGroups: z._default(z.array(merchantCategoryGroupSchema), []),
  /** Authorizations approved and neither settled nor released: replacing or terminating waits for them. */
  pendingAuthorizations: z._default(z.int().check(z.nonnegative()), 0),
  /** The employee's last transaction sequence number (their own list's, keys.transactionOfEmployee). */
  transactionSeq: z._default(z.int().check(z.nonnegative()), 0),
  createdAt: z.string(),
  /** ISO time until which /card sign-in by `phone` is locked (the cardholders' sign-in guard, mirrored to be seen). */
  signInLockedUntil: z._default(z.nullable(z.string()), null),
  version: z._default(z.int().check(z.nonnegative()), 0),
});
export type EmployeeRecord = z.infer<typeof employeeRecord>;

/** Which employee signs in to /card with a phone (one employee per phone across companies). */
export const cardholderPhoneClaimRecord = /* @__PURE__ */ z.object({ phone: z.string(), companyId: z.string(), employeeId: z.string() });

/** Which company and employee a card of the issuer belongs to (the webhook's way from a card id to its owner). */
export const cardOwnerRecord = /* @__PURE__ */ z.object({ cardId: z.string(), companyId: z.string(), employeeId: z.string() });
