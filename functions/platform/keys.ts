/**
 * The one place that knows how items are keyed in the single table (docs/access-patterns.md).
 * Every item also carries `entity`, so a scan of the table stays readable.
 */
export const keys = {
  userProfile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
  membership: (userId: string, companyId: string) => ({ pk: `USER#${userId}`, sk: `MEMBER#${companyId}` }),
  membershipsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'MEMBER#' }),
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
  employee: (companyId: string, employeeId: string) => ({ pk: `COMPANY#${companyId}`, sk: `EMPLOYEE#${employeeId}` }),
  card: (companyId: string, cardId: string) => ({ pk: `COMPANY#${companyId}`, sk: `CARD#${cardId}` }),
  /** Transactions of a company, newest first when read backwards; gsi1 serves one employee's list. */
  transaction: (companyId: string, executedAt: string, transactionId: string) => ({
    pk: `COMPANY#${companyId}#TX`,
    sk: `${executedAt}#${transactionId}`,
  }),
  transactionOfEmployee: (companyId: string, employeeId: string, executedAt: string, transactionId: string) => ({
    gsi1pk: `COMPANY#${companyId}#EMPLOYEE#${employeeId}#TX`,
    gsi1sk: `${executedAt}#${transactionId}`,
  }),
  counters: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COUNTERS' }),
  /** The onboarding answers; gsi1 is the provider's review queue, ordered by `queuePosition`. */
  application: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'APPLICATION' }),
  applicationQueue: (position: string) => ({ gsi1pk: 'APPLICATIONS', gsi1sk: position }),
  applicationEvent: (companyId: string, at: string, eventId: string) => ({ pk: `COMPANY#${companyId}`, sk: `APPLICATION#EVENT#${at}#${eventId}` }),
  applicationEvents: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'APPLICATION#EVENT#' }),
  document: (companyId: string, documentId: string) => ({ pk: `COMPANY#${companyId}`, sk: `DOCUMENT#${documentId}` }),
  documents: (companyId: string) => ({ pk: `COMPANY#${companyId}`, skPrefix: 'DOCUMENT#' }),
  /** A top-up IBAN belongs to one company: claimed in the approval's transaction. */
  ibanClaim: (iban: string) => ({ pk: `IBAN#${iban}`, sk: 'CLAIM' }),
} as const;

/** Where a document's bytes live in the documents bucket: under its company, so no key names another tenant's. */
/** Every company document sits under this prefix; the stack grants object access below it only. */
export const documentsKeyPrefix = 'companies/';
export const documentObjectKey = (companyId: string, documentId: string) => `${documentsKeyPrefix}${companyId}/documents/${documentId}`;

export const entities = {
  userProfile: 'userProfile',
  membership: 'membership',
  company: 'company',
  registrationNumberClaim: 'registrationNumberClaim',
  phoneClaim: 'phoneClaim',
  mainAccount: 'mainAccount',
  employee: 'employee',
  card: 'card',
  transaction: 'transaction',
  counters: 'counters',
  application: 'application',
  applicationEvent: 'applicationEvent',
  document: 'document',
  ibanClaim: 'ibanClaim',
} as const;
