import * as z from 'zod';
import { priceListBodySchema } from '@shared/prices';
import { availableFeaturesSchema } from '@shared/api/schemas';
import { addressSchema } from '@shared/company';
import { kycStatusSchema, signupStepSchema } from '@shared/kyc';
import { historyEntrySchema, returnedStepsSchema } from '@shared/onboarding/application';
import { documentContentTypeSchema, documentKindSchema } from '@shared/onboarding/documents';
import { languageSchema } from '@shared/languages';
import { companyRoleSchema } from '@shared/roles';
import { declineReasons } from '@shared/authorizations';
import { merchantCategoryGroupSchema } from '@shared/cards';
import { ledgerKindSchema } from '@shared/ledger';
import { unmatchedTransferSchema } from '@shared/top-ups';
import { transactionRowSchema } from '@shared/transactions';
import { cardAccountStatuses, cardStatuses, companyStatusSchema, deviceStatuses, employeeStatuses, statusChangers, userStatusSchema } from '@shared/statuses';
import { memberStatusSchema } from '@shared/team';

// Items are read through these so a malformed row fails loudly here, not deep in a use case.
export const userProfileRecord = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable().optional(),
  status: userStatusSchema,
  language: languageSchema,
  currentCompanyId: z.string().nullable(),
  tokensValidAfter: z.number().int().nonnegative().default(0),
});
export type UserProfileRecord = z.infer<typeof userProfileRecord>;

export const membershipRecord = z.object({
  userId: z.string(),
  companyId: z.string(),
  membershipId: z.string(),
  role: companyRoleSchema,
  /** Invited: the person has not signed in since the invitation; their first profile load makes it active. */
  status: memberStatusSchema.default('active'),
  invitedAt: z.string().nullable().default(null),
});
export type MembershipRecord = z.infer<typeof membershipRecord>;

export const companyRecord = z.object({
  companyId: z.string(),
  name: z.string(),
  registrationNumber: z.string(),
  status: companyStatusSchema,
  kycStatus: kycStatusSchema,
  provider: z.string(),
  topUpAccountIBAN: z.string().nullable(),
  availableFeatures: availableFeaturesSchema,
  /** From the company register at sign-up; onboarding shows them. */
  legalAddress: addressSchema.nullable().default(null),
  registeredOn: z.string().nullable().default(null),
  /** Kept with every role change in the same transaction, so the last owner can never be removed or demoted. */
  ownerCount: z.number().int().nonnegative(),
});
export type CompanyRecord = z.infer<typeof companyRecord>;

export const applicationRecord = z.object({
  companyId: z.string(),
  answers: z.partialRecord(signupStepSchema, z.record(z.string(), z.unknown())).default({}),
  returnedSteps: returnedStepsSchema.default({}),
  rejectionReason: z.string().nullable().default(null),
  submittedAt: z.string().nullable().default(null),
  /** Every write compares it with what it read, so two tabs cannot overwrite each other's answers unseen. */
  updatedAt: z.string(),
});
export type ApplicationRecord = z.infer<typeof applicationRecord>;

export const documentRecord = z.object({
  companyId: z.string(),
  documentId: z.string(),
  kind: documentKindSchema,
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  size: z.number().int(),
  /** uploading: a presigned POST was handed out; stored: the bytes were checked and accepted. */
  status: z.enum(['uploading', 'stored']),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

export const applicationEventRecord = historyEntrySchema.extend({ companyId: z.string() });

export const mainAccountRecord = z.object({
  companyId: z.string(),
  iban: z.string(),
  availableCents: z.number().int(),
  reservedCents: z.number().int(),
  version: z.number().int(),
  /** How many ledger lines the account has (one per movement that changed it): its statement's total. */
  entryCount: z.number().int().nonnegative().default(0),
});

/** An employee with their card and card account (one item: a card action is one conditioned write). */
export const employeeRecord = z.object({
  companyId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string().nullable().default(null),
  email: z.string().nullable().default(null),
  personalCode: z.string().nullable().default(null),
  cardId: z.string().nullable().default(null),
  lastCardDigits: z.string().nullable().default(null),
  cardStatus: z.enum(cardStatuses),
  cardStatusChangedBy: z.enum(statusChangers),
  cardStatusChangedAt: z.string(),
  deviceStatus: z.enum(deviceStatuses),
  cardAccountStatus: z.enum(cardAccountStatuses),
  /** Derived from the card status on every write (employeeStatusOf), kept for the list's status filter. */
  status: z.enum(employeeStatuses),
  balanceCents: z.number().int(),
  reservedCents: z.number().int().default(0),
  /**
   * The monthly limit's use in the Riga month `usedMonth`: every approved card payment of that month, counted when
   * approved (so reservations are in it), corrected when settled, given back when reversed or expired. A month other
   * than the current one means nothing used yet (limitUsageOf).
   */
  usedCents: z.number().int().default(0),
  usedMonth: z.string().nullable().default(null),
  /** The annual limit's use in the Riga year `usedYear`, kept the same way. */
  annualUsedCents: z.number().int().default(0),
  usedYear: z.string().nullable().default(null),
  limitCents: z.number().int(),
  annualLimitCents: z.number().int(),
  mccGroups: z.array(merchantCategoryGroupSchema).default([]),
  /** Authorizations approved and neither settled nor released: replacing or terminating waits for them. */
  pendingAuthorizations: z.number().int().nonnegative().default(0),
  /** The employee's last transaction sequence number (their own list's, keys.transactionOfEmployee). */
  transactionSeq: z.number().int().nonnegative().default(0),
  createdAt: z.string(),
  version: z.number().int().nonnegative().default(0),
});
export type EmployeeRecord = z.infer<typeof employeeRecord>;

/** Which employee signs in to /card with a phone (one employee per phone across companies). */
export const cardholderPhoneClaimRecord = z.object({ phone: z.string(), companyId: z.string(), employeeId: z.string() });

/**
 * A /card sign-in code, only its salted hash. Kept for any phone asked for, so an unknown phone answers exactly as a
 * known one; codeHash is null when nothing was sent (no employee, or one who may not sign in), so no guess matches.
 */
export const cardholderSignInCodeRecord = z.object({
  phone: z.string(),
  codeHash: z.string().nullable(),
  salt: z.string(),
  attempts: z.number().int().nonnegative(),
  /** Epoch milliseconds: a new code waits signInCodeRules.resendAfterSeconds after this. */
  requestedAt: z.number().int(),
  /** Epoch seconds, the table's TTL attribute; checked on every try, since TTL deletion lags. */
  expiresAt: z.number().int(),
});
export type CardholderSignInCodeRecord = z.infer<typeof cardholderSignInCodeRecord>;

/**
 * A card transaction (functions/platform/card-transactions.ts writes it): numbered `seq` per company, `employeeSeq`
 * per employee and `groupSeq` per merchant category group, in the order recorded; `day` is its Riga day.
 */
export const transactionRecord = transactionRowSchema.omit({ id: true }).extend({
  companyId: z.string(),
  transactionId: z.string(),
  authorizationId: z.string().nullable(),
  seq: z.number().int().positive(),
  employeeSeq: z.number().int().positive(),
  groupSeq: z.number().int().positive(),
  day: z.string(),
  /** Employee search without reading the employees: the cardholder's personal code and phone when recorded. */
  personalCode: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

/** Count and sum of one list dimension's transactions in one day or month, with the range of its sequence numbers. */
export const transactionTallyRecord = z.object({
  count: z.number().int().nonnegative(),
  sumCents: z.number().int(),
  firstSeq: z.number().int().positive(),
  lastSeq: z.number().int().positive(),
});
export type TransactionTallyRecord = z.infer<typeof transactionTallyRecord>;

/**
 * An authorization the issuer asked us to decide. `approved` ones hold `amountCents` reserved on the card account
 * until settled, reversed or expired (`open` until then).
 */
export const authorizationRecord = z.object({
  authorizationId: z.string(),
  companyId: z.string(),
  employeeId: z.string(),
  cardId: z.string(),
  decision: z.enum(['approved', 'declined']),
  declineReason: z.enum(declineReasons).nullable(),
  amountCents: z.number().int().nonnegative(),
  merchantCategoryCode: z.string(),
  /** Where the transaction it recorded is (approved only). */
  seq: z.number().int().positive().nullable(),
  state: z.enum(['open', 'settled', 'reversed', 'expired', 'declined']),
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** The Riga month and year whose limit use the approval was counted in (approved only). */
  countedMonth: z.string().nullable().default(null),
  countedYear: z.string().nullable().default(null),
  /** What the merchant finally took (settled only). */
  settledCents: z.number().int().nonnegative().nullable().default(null),
  closedAt: z.string().nullable().default(null),
  /** The issuer's event that closed it (settled or reversed), for the record. */
  closedByEventId: z.string().nullable().default(null),
});
export type AuthorizationRecord = z.infer<typeof authorizationRecord>;

/** Which company and employee a card of the issuer belongs to (the webhook's way from a card id to its owner). */
export const cardOwnerRecord = z.object({ cardId: z.string(), companyId: z.string(), employeeId: z.string() });

/** The provider's price list (SPEC section 9: figures "not shown", so the provider sets them in /admin). */
export const priceListRecord = priceListBodySchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() });

/** One leg of a money movement (functions/platform/ledger.ts writes them; legs of a movement sum to zero). */
export const ledgerEntryRecord = z.object({
  companyId: z.string(),
  movementId: z.string(),
  kind: ledgerKindSchema,
  description: z.string(),
  employeeId: z.string().nullable(),
  account: z.string(),
  amountCents: z.number().int(),
  at: z.string(),
});
export type LedgerEntryRecord = z.infer<typeof ledgerEntryRecord>;

/** An incoming bank transfer (top-up), by the bank's transaction id: credited to a company, or waiting unmatched. */
export const bankTransferRecord = unmatchedTransferSchema.extend({
  status: z.enum(['credited', 'unmatched']),
  companyId: z.string().nullable(),
  matchedBy: z.enum(['reference', 'iban', 'manual']).nullable(),
  source: z.enum(['manual', 'statement']),
  recordedBy: z.string(),
  creditedAt: z.string().nullable(),
});
export type BankTransferRecord = z.infer<typeof bankTransferRecord>;
