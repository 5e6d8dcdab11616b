/**
 * The one place that knows how items are keyed in the single table (docs/access-patterns.md).
 * Every item also carries `entity`, so a scan of the table stays readable.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
  membership: (userId: string, companyId: string) => ({ pk: `USER#${userId}`, sk: `MEMBER#${companyId}` }),
  membershipsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'MEMBER#' }),
  /**
   * A session signed out (by its Cognito origin_jti): in the user's partition, so the one query that reads the
   * caller's profile and memberships finds it too.
   */
  endedSession: (userId: string, originJti: string) => ({ pk: `USER#${userId}`, sk: `ENDED_SESSION#${originJti}` }),
  endedSessionsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'ENDED_SESSION#' }),
  membershipInCompany: (companyId: string, userId: string) => ({
    gsi1pk: `COMPANY#${companyId}#MEMBERS`,
    gsi1sk: `USER#${userId}`,
  }),
  company: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' }),
  /** One item per registration number, written with the company: DynamoDB's way to keep the number unique. */
  registrationNumberClaim: (registrationNumber: string) => ({ pk: `REGNO#${registrationNumber}`, sk: 'CLAIM' }),
  /** A phone belongs to one user at most (SPEC section 5): claimed in the same write as the user. */
  phoneClaim: (phone: string) => ({ pk: `PHONE#${phone}`, sk: 'CLAIM' }),
  mainAccount: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'ACCOUNT#MAIN' }),
  /** An employee with their card and card account: one item, so a card action is one conditioned write. */
  employee: (companyId: string, employeeId: string) => ({ pk: `COMPANY#${companyId}`, sk: `EMPLOYEE#${employeeId}` }),
  employees: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'EMPLOYEE#' }),
  /** The issuer names a card only by its id: this item leads its webhook events to the company and employee. */
  cardOwner: (cardId: string) => ({ pk: `CARD#${cardId}`, sk: 'OWNER' }),
  /** An employee signs in to /card by phone, so a cardholder's phone belongs to one employee across companies. */
  cardholderPhoneClaim: (phone: string) => ({ pk: `CARDHOLDER_PHONE#${phone}`, sk: 'CLAIM' }),
  /** A personal code belongs to one employee of a company: claimed in the write that creates the employee. */
  personalCodeClaim: (companyId: string, personalCode: string) => ({ pk: `PERSONAL_CODE#${companyId}#${personalCode}`, sk: 'CLAIM' }),
  cardholderSignInCode: (phone: string) => ({ pk: `CARDHOLDER_PHONE#${phone}`, sk: 'CODE' }),
  /** The phone's wrong codes across codes, and its sign-in lock (shared/cardholder.ts signInLockRules). */
  cardholderSignInGuard: (phone: string) => ({ pk: `CARDHOLDER_PHONE#${phone}`, sk: 'GUARD' }),
  cardholderSession: (tokenHash: string) => ({ pk: `CARDHOLDER_SESSION#${tokenHash}`, sk: 'SESSION' }),
  /** Who did what to whom (DESIGN section 6); gsi1 gives one employee's history, newest last. */
  auditRecord: (companyId: string, at: string, auditId: string) => ({ pk: `COMPANY#${companyId}#AUDIT`, sk: `${at}#${auditId}` }),
  auditOfEmployee: (companyId: string, employeeId: string, at: string, auditId: string) => ({
    gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#AUDIT`,
    gsi1sk: `${at}#${auditId}`,
  }),
  /**
   * The activity log's index of a company's audit records by who acted (actor kind) and the action's type (gsi2, set
   * by auditItem on every record): a filter by either reads only the few partitions it names, newest first.
   */
  auditByActorAndType: (companyId: string, actor: string, type: string, at: string, auditId: string) => ({
    gsi2pk: `COMPANY#${companyId}#AUDIT#${actor}#${type}`,
    gsi2sk: `${at}#${auditId}`,
  }),
  /**
   * Where the daily digest job (issue 31) has got to with a company's log: the newest digest it wrote, the check of the
   * log against its digests that is under way, and the last finished check, which the activity screen shows.
   */
  auditDigestState: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'AUDIT_DIGEST' }),
  /** Double-entry lines of the company's money movements; both legs of a movement sit side by side. */
  ledgerEntry: (companyId: string, at: string, movementId: string, leg: number) => ({ pk: `COMPANY#${companyId}#LEDGER`, sk: `${at}#${movementId}#${leg}` }),
  /** The main account's own legs, newest first when read backwards: its statement pages without the other legs. */
  mainLedgerEntry: (companyId: string, at: string, movementId: string, leg: number) => ({ gsi1pk: `COMPANY#${companyId}#LEDGER#MAIN`, gsi1sk: `${at}#${movementId}#${leg}` }),
  /**
   * One employee's card-account legs other than card payments (those are her transactions): money received, and what
   * went back to the main account; her /card history reads them newest first (sparse on the ledger's gsi1).
   */
  employeeLedgerEntry: (companyId: string, employeeId: string, at: string, movementId: string, leg: number) => ({
    gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#LEDGER`,
    gsi1sk: `${at}#${movementId}#${leg}`,
  }),
  employeeLedger: (companyId: string, employeeId: string) => ({ gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#LEDGER` }),
  /** The monthly maintenance fee of one employee's product in one month: written once, so a rerun charges nothing. */
  monthlyFeeCharge: (companyId: string, employeeId: string, month: string) => ({ pk: `COMPANY#${companyId}`, sk: `FEE#${month}#${employeeId}` }),
  priceList: () => ({ pk: 'PROVIDER', sk: 'PRICE_LIST' }),
  /**
   * The first answer to an idempotent request (Idempotency-Key) per scope: a company id for company routes,
   * `PROVIDER` for the provider's console; the TTL removes it after >= 24 h.
   */
  idempotency: (scope: string, key: string) => ({ pk: `IDEMPOTENCY#${scope}#${key}`, sk: 'REQUEST' }),
  /** A funding CSV, by its upload id: its state, totals and progress; its bytes sit in the documents bucket. */
  fundingFile: (companyId: string, fileId: string) => ({ pk: `COMPANY#${companyId}`, sk: `FUNDING_FILE#${fileId}` }),
  /** A funding file's content hash leads a re-upload of the same file to the first upload. */
  fundingFileHash: (companyId: string, sha256: string) => ({ pk: `COMPANY#${companyId}`, sk: `FUNDING_HASH#${sha256}` }),
  /** One row of a funding file applied (or refused): written once, in the transaction that moves its money. */
  fundingRow: (companyId: string, fileId: string, rowNumber: number) => ({ pk: `COMPANY#${companyId}#FUNDING#${fileId}`, sk: `ROW#${String(rowNumber).padStart(6, '0')}` }),
  fundingRows: (companyId: string, fileId: string) => ({ pk: `COMPANY#${companyId}#FUNDING#${fileId}` }),
  /**
   * A funding file queued or applying, by the time it must be done (sparse gsi2: set when it starts, removed when it
   * ends), so the deadline job reads only the files still running.
   */
  runningFundingFile: (deadline: string, companyId: string, fileId: string) => ({ gsi2pk: 'FUNDING_FILES#RUNNING', gsi2sk: `${deadline}#${companyId}#${fileId}` }),
  /** A bulk employee import (issue 34), by its upload id: its preview, progress and result; its bytes sit in the documents bucket. */
  employeeImport: (companyId: string, importId: string) => ({ pk: `COMPANY#${companyId}`, sk: `EMPLOYEE_IMPORT#${importId}` }),
  /** One row of an import done (its employee created, or refused): written once, in the transaction that creates the employee. */
  employeeImportRow: (companyId: string, importId: string, rowNumber: number) => ({ pk: `COMPANY#${companyId}#EMPLOYEE_IMPORT#${importId}`, sk: `ROW#${String(rowNumber).padStart(6, '0')}` }),
  employeeImportRows: (companyId: string, importId: string) => ({ pk: `COMPANY#${companyId}#EMPLOYEE_IMPORT#${importId}` }),
  /** An employee import queued or applying, by the time it must be done (sparse gsi2, as runningFundingFile). */
  runningEmployeeImport: (deadline: string, companyId: string, importId: string) => ({ gsi2pk: 'EMPLOYEE_IMPORTS#RUNNING', gsi2sk: `${deadline}#${companyId}#${importId}` }),
  /** A scheduled funding rule (issue 21): whom it pays, how much and when. */
  fundingSchedule: (companyId: string, scheduleId: string) => ({ pk: `COMPANY#${companyId}`, sk: `FUNDING_SCHEDULE#${scheduleId}` }),
  fundingSchedules: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'FUNDING_SCHEDULE#' }),
  /** One run of a rule on one run date: written once (or over a refused one), it names the funding file that pays it. */
  fundingScheduleRun: (companyId: string, scheduleId: string, runDate: string) => ({ pk: `COMPANY#${companyId}`, sk: `FUNDING_RUN#${scheduleId}#${runDate}` }),
  fundingScheduleRuns: (companyId: string, scheduleId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: `FUNDING_RUN#${scheduleId}#` }),
  /** An active rule by its next run date (sparse gsi2: removed while paused or finished), for the hourly start of due runs. */
  dueFundingSchedule: (runDate: string, companyId: string, scheduleId: string) => ({ gsi2pk: 'FUNDING_SCHEDULES#DUE', gsi2sk: `${runDate}#${companyId}#${scheduleId}` }),
  /** Active companies, for jobs that run over all of them (the monthly fee); set on approval. gsi1 holds REGNO#. */
  activeCompany: (companyId: string) => ({ gsi2pk: 'COMPANIES#ACTIVE', gsi2sk: companyId }),
  /** A webhook event already applied: the issuer may deliver it again. */
  issuerEvent: (eventId: string) => ({ pk: `ISSUER_EVENT#${eventId}`, sk: 'APPLIED' }),
  /** The card issuer sandbox's own record of a card (a real issuer keeps this on its side). */
  sandboxCard: (cardId: string) => ({ pk: `SANDBOX_ISSUER#CARD#${cardId}`, sk: 'CARD' }),
  /**
   * A card transaction, numbered per company in the order it was recorded (`seq`, dense, so page N of any date range
   * is one key range: DESIGN section 7 "read cost of a list page"). The same item is numbered again per employee
   * (gsi1) and per merchant category group (gsi2), each with its own dense sequence, for the filtered lists.
   */
  transaction: (companyId: string, seq: number) => ({ pk: `COMPANY#${companyId}#TX`, sk: sequenceKey(seq) }),
  transactions: (companyId: string) => ({ pk: `COMPANY#${companyId}#TX` }),
  transactionOfEmployee: (companyId: string, employeeId: string, employeeSeq: number) => ({
    gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#TX`,
    gsi1sk: sequenceKey(employeeSeq),
  }),
  transactionsOfEmployee: (companyId: string, employeeId: string) => ({ gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#TX` }),
  transactionOfGroup: (companyId: string, group: string, groupSeq: number) => ({
    gsi2pk: `COMPANY#${companyId}#MCC#${group}#TX`,
    gsi2sk: sequenceKey(groupSeq),
  }),
  transactionsOfGroup: (companyId: string, group: string) => ({ gsi2pk: `COMPANY#${companyId}#MCC#${group}#TX` }),
  /**
   * Count, sum and first/last sequence number of one list dimension's transactions in one Riga day (`D#YYYY-MM-DD`)
   * or month (`M#YYYY-MM`); changed in the transaction that records or changes a transaction. `dimension` is `ALL`,
   * `EMPLOYEE#<id>` or `MCC#<group>`.
   */
  transactionTally: (companyId: string, dimension: string, period: string) => ({ pk: `COMPANY#${companyId}#TXTALLY#${dimension}`, sk: period }),
  transactionTallies: (companyId: string, dimension: string) => ({ pk: `COMPANY#${companyId}#TXTALLY#${dimension}` }),
  /** The next sequence number of one merchant category group's transactions (the company's is on `counters`). */
  groupCounter: (companyId: string, group: string) => ({ pk: `COMPANY#${companyId}`, sk: `COUNTERS#MCC#${group}` }),
  /**
   * An authorization the issuer asked us to decide, by the issuer's id: its decision (a replay answers the same), the
   * reserved amount and where its transaction is. Open ones sit in gsi2 by expiry for the release job.
   */
  authorization: (authorizationId: string) => ({ pk: `AUTHORIZATION#${authorizationId}`, sk: 'AUTHORIZATION' }),
  openAuthorization: (expiresAt: string, authorizationId: string) => ({ gsi2pk: 'AUTHORIZATIONS#OPEN', gsi2sk: `${expiresAt}#${authorizationId}` }),
  counters: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COUNTERS' }),
  /** The company's dual-approval rules (issue 35), set by its owners; absent: none. */
  approvalRules: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'APPROVAL_RULES' }),
  /** A request waiting for (or decided by) a second person; a company's requests share a partition. */
  approvalRequest: (companyId: string, approvalId: string) => ({ pk: `COMPANY#${companyId}#APPROVALS`, sk: `REQUEST#${approvalId}` }),
  approvalRequests: (companyId: string) => ({ pk: `COMPANY#${companyId}#APPROVALS` }),
  /** What the company funded without approval on one Riga day, against its per-day approval amount; expires by TTL. */
  fundedWithoutApproval: (companyId: string, day: string) => ({ pk: `COMPANY#${companyId}`, sk: `FUNDED_WITHOUT_APPROVAL#${day}` }),
  /** A request still waiting, by when it expires (sparse gsi2, as openAuthorization): the expiry job reads the due. */
  pendingApproval: (expiresAt: string, companyId: string, approvalId: string) => ({ gsi2pk: 'APPROVALS#PENDING', gsi2sk: `${expiresAt}#${companyId}#${approvalId}` }),
  /** A background file (CSV export) of one company: its status, filters and where its bytes are; expires by TTL. */
  exportJob: (companyId: string, fileId: string) => ({ pk: `COMPANY#${companyId}`, sk: `EXPORT#${fileId}` }),
  /** An export or report generating, by the time it must be done (sparse gsi2, as runningFundingFile). */
  runningBackgroundFile: (deadline: string, companyId: string, id: string) => ({ gsi2pk: 'BACKGROUND_FILES#RUNNING', gsi2sk: `${deadline}#${companyId}#${id}` }),
  /** A company API key, found by its id (the key carries it); gsi1 lists a company's keys, newest first. */
  apiKey: (keyId: string) => ({ pk: `APIKEY#${keyId}`, sk: 'KEY' }),
  apiKeysOfCompany: (companyId: string, createdAt: string, keyId: string) => ({ gsi1pk: `COMPANY#${companyId}#APIKEYS`, gsi1sk: `${createdAt}#${keyId}` }),
  /** A key's requests in one minute (its rate limit), gone by TTL. */
  apiKeyMinute: (keyId: string, minute: string) => ({ pk: `APIKEY#${keyId}`, sk: `MINUTE#${minute}` }),
  /** A company's webhook endpoint; its endpoints are its partition's WEBHOOK# items. */
  webhookEndpoint: (companyId: string, endpointId: string) => ({ pk: `COMPANY#${companyId}`, sk: `WEBHOOK#${endpointId}` }),
  webhookEndpoints: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'WEBHOOK#' }),
  /** One event's delivery to one endpoint; its ids sort by time, so the log reads newest first. */
  webhookDelivery: (endpointId: string, deliveryId: string) => ({ pk: `WEBHOOK#${endpointId}`, sk: `DELIVERY#${deliveryId}` }),
  /** A delivery waiting for its next attempt, by when (sparse gsi2): the dispatcher reads only the due ones. */
  webhookDue: (nextAttemptAt: string, endpointId: string, deliveryId: string) => ({ gsi2pk: 'WEBHOOKS#DUE', gsi2sk: `${nextAttemptAt}#${endpointId}#${deliveryId}` }),
  /** The onboarding answers; gsi1 is the provider's review queue, ordered by `queuePosition`. */
  application: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'APPLICATION' }),
  applicationQueue: (position: string) => ({ gsi1pk: 'APPLICATIONS', gsi1sk: position }),
  applicationEvent: (companyId: string, at: string, eventId: string) => ({ pk: `COMPANY#${companyId}`, sk: `APPLICATION#EVENT#${at}#${eventId}` }),
  applicationEvents: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'APPLICATION#EVENT#' }),
  document: (companyId: string, documentId: string) => ({ pk: `COMPANY#${companyId}`, sk: `DOCUMENT#${documentId}` }),
  documents: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'DOCUMENT#' }),
  /** A top-up IBAN belongs to one company: claimed in the approval's transaction. */
  ibanClaim: (iban: string) => ({ pk: `IBAN#${iban}`, sk: 'CLAIM' }),
  /** An incoming bank transfer, by the bank's transaction id: written once, so a transfer is credited at most once. */
  bankTransfer: (bankTransactionId: string) => ({ pk: `BANK_TRANSFER#${bankTransactionId}`, sk: 'TRANSFER' }),
  /** Transfers that matched no company wait here (sparse: removed when an admin assigns one), oldest booking first. */
  unmatchedBankTransfer: (bookingDate: string, bankTransactionId: string) => ({ gsi1pk: 'BANK_TRANSFERS#UNMATCHED', gsi1sk: `${bookingDate}#${bankTransactionId}` }),
  unmatchedBankTransfers: () => ({ gsi1pk: 'BANK_TRANSFERS#UNMATCHED' }),
  /** A report of one company; its id starts with its created time, so the partition's REPORT# range is newest last. */
  report: (companyId: string, reportId: string) => ({ pk: `COMPANY#${companyId}`, sk: `REPORT#${reportId}` }),
  reports: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'REPORT#' }),
  /**
   * An invoice or credit note of a company (issue 34), by its number (`YYYY-NNNNNN`), so the partition's INVOICE# range
   * lists them in the order they were issued; gsi1 lists every company's, by number, for the provider's console.
   */
  invoice: (companyId: string, number: string) => ({ pk: `COMPANY#${companyId}`, sk: `INVOICE#${number}` }),
  invoices: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'INVOICE#' }),
  invoiceOfProvider: (number: string, companyId: string) => ({ gsi1pk: 'PROVIDER#INVOICES', gsi1sk: `${number}#${companyId}` }),
  /** A company's month invoiced: written only if absent, in the transaction that numbers the invoice, so a month has one. */
  invoiceMonth: (companyId: string, month: string) => ({ pk: `COMPANY#${companyId}`, sk: `INVOICE_MONTH#${month}` }),
  /** The last number of one year's series of the provider's invoices and credit notes: changed with each document. */
  invoiceCounter: (year: number) => ({ pk: 'PROVIDER', sk: `INVOICE_COUNTER#${year}` }),
  /**
   * A support chat of one company. gsi1 lists the company's chats by last message; gsi2 is the provider's inbox, one
   * partition per status, by last message.
   */
  chat: (companyId: string, chatId: string) => ({ pk: `COMPANY#${companyId}`, sk: `CHAT#${chatId}` }),
  chatOfCompany: (companyId: string, lastMessageAt: string, chatId: string) => ({ gsi1pk: `COMPANY#${companyId}#CHATS`, gsi1sk: `${lastMessageAt}#${chatId}` }),
  chatsOfCompany: (companyId: string) => ({ gsi1pk: `COMPANY#${companyId}#CHATS` }),
  chatInInbox: (status: string, lastMessageAt: string, chatId: string) => ({ gsi2pk: `CHATS#${status.toUpperCase()}`, gsi2sk: `${lastMessageAt}#${chatId}` }),
  chatsInInbox: (status: string) => ({ gsi2pk: `CHATS#${status.toUpperCase()}` }),
  /** One message of a chat, in the chat's own partition, oldest first by its id (`<ISO time>#<random>`). */
  chatMessage: (chatId: string, messageId: string) => ({ pk: `CHAT#${chatId}`, sk: `MSG#${messageId}` }),
  chatMessages: (chatId: string) => ({ pk: `CHAT#${chatId}`, skPrefix: 'MSG#' }),
  /** An uploaded attachment, before and after a message names it. */
  chatAttachment: (companyId: string, attachmentId: string) => ({ pk: `COMPANY#${companyId}`, sk: `CHAT_ATTACHMENT#${attachmentId}` }),
  /** Unread messages over all chats of one side (`COMPANY#<id>` or `PROVIDER`): the navigation's badge, one read. */
  chatUnreadCounter: (scope: string) => ({ pk: scope, sk: 'CHATS#UNREAD' }),
  /** A reply one side has not read, due for an e-mail at `dueAt`; removed when that side reads the chat. */
  chatNotice: (dueAt: string, chatId: string, side: string) => ({ pk: 'CHAT_NOTICES', sk: `${dueAt}#${chatId}#${side}` }),
  /**
   * What a change sends on (a webhook event, its e-mails), written in the change's transaction and relayed from the
   * table's stream (functions/platform/outbox.ts); a partition each, as nothing reads them by range.
   */
  outboxItem: (outboxId: string) => ({ pk: `OUTBOX#${outboxId}`, sk: 'OUTBOX' }),
  /** An e-mail of an outbox item handed to SES: the mail worker sends an id once, however often it is relayed. */
  sentEmail: (emailId: string) => ({ pk: `SENT_EMAIL#${emailId}`, sk: 'SENT' }),
} as const;

/** Zero-padded, so the sort key orders as the number does. */
export function sequenceKey(seq: number): string {
  return `SEQ#${String(seq).padStart(12, '0')}`;
}

/**
 * Where a document's bytes are kept in the documents bucket: under its company, so no key names another tenant's.
 * Every kept company file sits under this prefix, which no lifecycle rule expires.
 */
export const documentsKeyPrefix = 'companies/';
export const documentObjectKey = (companyId: string, documentId: string) => `${documentsKeyPrefix}${companyId}/documents/${documentId}`;
/** A funding CSV's bytes: the documents bucket, under the company, in a prefix of their own. */
export const fundingFileObjectKey = (companyId: string, fileId: string) => `${documentsKeyPrefix}${companyId}/funding/${fileId}.csv`;

/** An employee import's CSV: the documents bucket, under the company, beside the funding files. */
export const employeeImportObjectKey = (companyId: string, importId: string) => `${documentsKeyPrefix}${companyId}/employee-imports/${importId}.csv`;
/** Every row of an import's preview (its state and problems when it was checked), beside its CSV. */
export const employeeImportPreviewObjectKey = (companyId: string, importId: string) => `${documentsKeyPrefix}${companyId}/employee-imports/${importId}.preview.json`;

/** A report's CSV in the reports bucket, under its company. */
export const reportObjectKey = (companyId: string, reportId: string) => `${documentsKeyPrefix}${companyId}/reports/${reportId}.csv`;
/**
 * An invoice's or credit note's PDF in the documents bucket (issue 34): under a prefix of its own, which only the
 * lifecycle rule that keeps them for the accounting law's term expires (infra/stacks/stateful-stack.ts), and which no
 * function may delete.
 */
export const invoicesKeyPrefix = 'invoices/';
export const invoiceObjectKey = (companyId: string, number: string) => `${invoicesKeyPrefix}${companyId}/${number}.pdf`;
/**
 * How long an invoice's PDF is kept: ten years after the end of the year it was issued in (Latvian accounting law), so
 * eleven years from the day it was written, leap days included.
 */
export const invoiceKeptDays = 11 * 365 + 3;

/** A chat attachment's bytes in the documents bucket, under the chat's company. */
export const chatAttachmentObjectKey = (companyId: string, attachmentId: string) => `${documentsKeyPrefix}${companyId}/chat/${attachmentId}`;

/**
 * Where a browser's presigned POST lands in the documents bucket: an onboarding document until it is confirmed, a chat
 * attachment until a message names it. The check that accepts one copies it to its kept key (documentObjectKey,
 * chatAttachmentObjectKey), so what is left here was never accepted, and the bucket's rule expires it.
 */
export const uploadsKeyPrefix = 'uploads/';
export const stagedUploadObjectKey = (companyId: string, uploadId: string) => `${uploadsKeyPrefix}${companyId}/${uploadId}`;
/** The staged uploads' lifecycle rule, in days; a waiting upload's record (its TTL) lasts no longer. */
export const stagedUploadDays = 1;
export const stagedUploadSeconds = stagedUploadDays * 24 * 60 * 60;

/**
 * A background file's bytes in the reports bucket: a one-off download, under a prefix of its own (then the company),
 * so the bucket's lifecycle rule can expire exports without touching reports (a rule matches a key's start only).
 */
export const exportsKeyPrefix = 'exports/';
export const exportObjectKey = (companyId: string, fileId: string) => `${exportsKeyPrefix}${companyId}/${fileId}.csv`;
/** How long an export's file stays downloadable: the bucket's lifecycle rule deletes it after this many days. */
export const exportFileDays = 7;

/**
 * A company's daily digest of its audit records (issue 31) in the digests bucket, one object per Riga day: under a prefix
 * of its own, then the company and the year, so the job's grant names only these keys and the chain's first day is
 * found by two short listings (the company's years, then the first year's days) that never need a continuation.
 */
export const auditDigestsKeyPrefix = 'digests/';
export const auditDigestObjectKey = (companyId: string, day: string) => `${auditDigestsKeyPrefix}${companyId}/${day.slice(0, 4)}/${day}.json`;
export const auditDigestsOfCompany = (companyId: string) => `${auditDigestsKeyPrefix}${companyId}/`;

export const entities = {
  userProfile: 'userProfile',
  membership: 'membership',
  endedSession: 'endedSession',
  company: 'company',
  registrationNumberClaim: 'registrationNumberClaim',
  phoneClaim: 'phoneClaim',
  mainAccount: 'mainAccount',
  employee: 'employee',
  cardOwner: 'cardOwner',
  cardholderPhoneClaim: 'cardholderPhoneClaim',
  personalCodeClaim: 'personalCodeClaim',
  cardholderSignInCode: 'cardholderSignInCode',
  cardholderSignInGuard: 'cardholderSignInGuard',
  cardholderSession: 'cardholderSession',
  auditRecord: 'auditRecord',
  auditDigestState: 'auditDigestState',
  ledgerEntry: 'ledgerEntry',
  monthlyFeeCharge: 'monthlyFeeCharge',
  priceList: 'priceList',
  idempotency: 'idempotency',
  fundingFile: 'fundingFile',
  fundingFileHash: 'fundingFileHash',
  fundingRow: 'fundingRow',
  employeeImport: 'employeeImport',
  employeeImportRow: 'employeeImportRow',
  fundingSchedule: 'fundingSchedule',
  fundingScheduleRun: 'fundingScheduleRun',
  issuerEvent: 'issuerEvent',
  sandboxCard: 'sandboxCard',
  transaction: 'transaction',
  transactionTally: 'transactionTally',
  groupCounter: 'groupCounter',
  authorization: 'authorization',
  counters: 'counters',
  approvalRules: 'approvalRules',
  approvalRequest: 'approvalRequest',
  fundedWithoutApproval: 'fundedWithoutApproval',
  exportJob: 'exportJob',
  application: 'application',
  applicationEvent: 'applicationEvent',
  document: 'document',
  ibanClaim: 'ibanClaim',
  bankTransfer: 'bankTransfer',
  report: 'report',
  invoice: 'invoice',
  invoiceMonth: 'invoiceMonth',
  invoiceCounter: 'invoiceCounter',
  chat: 'chat',
  chatMessage: 'chatMessage',
  chatAttachment: 'chatAttachment',
  chatUnreadCounter: 'chatUnreadCounter',
  chatNotice: 'chatNotice',
  apiKey: 'apiKey',
  apiKeyMinute: 'apiKeyMinute',
  webhookEndpoint: 'webhookEndpoint',
  webhookDelivery: 'webhookDelivery',
  outboxItem: 'outboxItem',
  sentEmail: 'sentEmail',
} as const;
