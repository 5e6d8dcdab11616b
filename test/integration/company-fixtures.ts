import { randomInt, randomUUID } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defaultProviderName } from '@shared/brand';
import { employeeStatusOf } from '@shared/cards';
import { noFeatures, type AvailableFeatures } from '@shared/api/schemas';
import type { CompanyRole } from '@shared/roles';
import type { CardStatus } from '@shared/statuses';
import { tallyItemsOf, transactionItem } from '@functions/transactions/card-transactions';
import { entities, keys } from '@functions/platform/keys';
import { userProfileItem } from '@functions/platform/identity-records';
import type { TransactionRecord } from '@functions/transactions/transaction-records';
import { batchPut, ensureCognitoUser } from '../../infra/local/seed-writes';

/** What the fixtures need of a running local cloud; both the integration and the end-to-end suites have it. */
export interface FixtureCloud {
  table: DynamoDBDocumentClient;
  tableName: string;
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
}

export interface OwnCompany {
  companyId: string;
  name: string;
  /** Its first member, the owner unless the options name another role. */
  userId: string;
  /** That member's name and surname, as the portal shows them. */
  fullName: string;
  email: string;
  phone: string;
}

/** Writes items as the seed does: 25 at a time, retrying what DynamoDB leaves unprocessed. */
export function putItems(cloud: FixtureCloud, items: readonly Record<string, unknown>[]): Promise<void> {
  return batchPut(cloud.table, cloud.tableName, items);
}

/** Who a fixture employee is: what the lists search and the funding template shows. */
export interface FixtureEmployee {
  employeeId: string;
  name: string;
  surname: string;
  personalCode: string;
  phone: string;
  lastCardDigits: string;
}

/**
 * A company's employee item written straight to the table (no card ordered through the API): a card in `cardStatus`,
 * an empty card account and the default limits.
 */
export function cardEmployeeItem(companyId: string, person: FixtureEmployee, cardStatus: CardStatus = 'active'): Record<string, unknown> {
  const now = new Date().toISOString();
  const status = employeeStatusOf(cardStatus);
  return {
    ...keys.employee(companyId, person.employeeId),
    entity: entities.employee,
    companyId,
    ...person,
    email: null,
    cardId: `sbx_fixture_${companyId}_${person.employeeId}`,
    cardStatus,
    cardStatusChangedBy: 'system',
    cardStatusChangedAt: now,
    deviceStatus: 'active',
    cardAccountStatus: status === 'active' ? 'active' : 'inactive',
    status,
    balanceCents: 0,
    reservedCents: 0,
    usedCents: 0,
    limitCents: 100_000,
    annualLimitCents: 1_000_000,
    mccGroups: [],
    pendingAuthorizations: 0,
    transactionSeq: 0,
    createdAt: now,
    version: 1,
  };
}

/**
 * An approved company of a test's own, with one member of `role` who can sign in (password and SMS code), so exact
 * numbers can be asserted without other suites' card activity in the way. It is not in the active-companies index,
 * so the monthly fee job never charges it.
 */
export async function createOwnCompany(
  cloud: FixtureCloud,
  options: { role?: CompanyRole; availableCents?: number; reservedCents?: number | null; features?: AvailableFeatures } = {},
): Promise<OwnCompany> {
  const suffix = randomUUID().slice(0, 8);
  const companyId = `company-test-${suffix}`;
  const name = `Test SIA ${suffix}`;
  const email = `owner-${suffix}@test.local`;
  const phone = `37124${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
  const surname = `Owner ${suffix}`;
  const userId = await ensureCognitoUser(cloud.cognito, cloud.userPoolId, { email, name: 'Test', surname, phone, providerAdmin: false });
  const iban = `LV00TEST${suffix.toUpperCase()}`;
  await putItems(cloud, [
    {
      ...keys.company(companyId),
      entity: entities.company,
      companyId,
      name,
      registrationNumber: `4${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`,
      registeredOn: null,
      legalAddress: null,
      status: 'active',
      kycStatus: 'filled',
      provider: defaultProviderName,
      topUpAccountIBAN: iban,
      availableFeatures: options.features ?? noFeatures,
      ownerCount: 1,
    },
    { ...keys.mainAccount(companyId), entity: entities.mainAccount, companyId, iban, availableCents: options.availableCents ?? 0, reservedCents: 0, version: 1 },
    {
      ...keys.counters(companyId),
      entity: entities.counters,
      companyId,
      employees: 0,
      transactionSeq: 0,
      ...(options.reservedCents === null ? {} : { reservedCents: options.reservedCents ?? 0 }),
    },
    userProfileItem({ userId, email, name: 'Test', surname, phone, status: 'active', language: 'en', currentCompanyId: companyId, tokensValidAfter: 0 }),
    membershipItem(userId, companyId, options.role ?? 'owner'),
  ]);
  return { companyId, name, userId, fullName: `Test ${surname}`, email, phone };
}

function membershipItem(userId: string, companyId: string, role: CompanyRole) {
  return { ...keys.membership(userId, companyId), ...keys.membershipInCompany(companyId, userId), entity: entities.membership, userId, companyId, membershipId: `${companyId}:${userId}`, role };
}

/** Takes a user out of a company as its owner's removal does: the membership item goes. */
export async function leaveCompany(cloud: FixtureCloud, userId: string, companyId: string): Promise<void> {
  await cloud.table.send(new DeleteCommand({ TableName: cloud.tableName, Key: keys.membership(userId, companyId) }));
}

/** Makes a user a member of another company too, as an accepted invitation does: someone who works for both. */
export async function joinCompany(cloud: FixtureCloud, userId: string, companyId: string, role: CompanyRole): Promise<void> {
  await putItems(cloud, [membershipItem(userId, companyId, role)]);
}

/** A card payment of `amountCents` (negative: spent) on a Riga day, for a company's own numbered list. */
export interface SpentOn {
  day: string;
  amountCents: number;
  mccGroup?: TransactionRecord['mccGroup'];
}

/**
 * Records payments as the seed does (numbered in time order, with their tallies), for one employee of the company.
 * Answers the records, newest last.
 */
export async function recordPayments(cloud: FixtureCloud, companyId: string, payments: readonly SpentOn[]): Promise<TransactionRecord[]> {
  const employeeId = `emp-${randomUUID().slice(0, 8)}`;
  const groupSeqs = new Map<string, number>();
  const ordered = [...payments].sort((a, b) => a.day.localeCompare(b.day));
  const records = ordered.map((payment, index): TransactionRecord => {
    const mccGroup = payment.mccGroup ?? 'groceries';
    const groupSeq = (groupSeqs.get(mccGroup) ?? 0) + 1;
    groupSeqs.set(mccGroup, groupSeq);
    // Noon in Riga is the same Riga day whatever the season.
    const executedAt = `${payment.day}T10:00:00.000Z`;
    return {
      companyId,
      transactionId: `tx-${randomUUID()}`,
      authorizationId: null,
      seq: index + 1,
      employeeSeq: index + 1,
      groupSeq,
      day: payment.day,
      employeeId,
      employeeName: 'Ilze Bērziņa',
      personalCode: null,
      phone: null,
      amountCents: payment.amountCents,
      executedAt,
      processedAt: executedAt,
      description: 'Rimi Hipermārkets',
      merchantCategoryCode: '5411',
      mccGroup,
      merchantId: 'M54110',
      reference: `REF-${index + 1}`,
      beneficiary: 'Rimi Hipermārkets',
      remitter: 'Ilze Bērziņa',
      status: 'regular',
    };
  });
  await storeTransactions(cloud, companyId, records);
  return records;
}

/**
 * Stores a company's card payments (numbered 1 to n, in time order) with their tallies, and numbers its counters on
 * from the last of them. An update, so what else the counters hold (the reserved total) stays.
 */
export async function storeTransactions(cloud: FixtureCloud, companyId: string, records: readonly TransactionRecord[]): Promise<void> {
  await putItems(cloud, [...records.map(transactionItem), ...tallyItemsOf(records)]);
  await cloud.table.send(
    new UpdateCommand({
      TableName: cloud.tableName,
      Key: keys.counters(companyId),
      UpdateExpression: 'SET transactionSeq = :seq, lastTransactionAt = :at',
      ExpressionAttributeValues: { ':seq': records.length, ':at': records.at(-1)?.executedAt ?? null },
    }),
  );
}
