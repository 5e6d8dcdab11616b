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
} as const;

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
} as const;
