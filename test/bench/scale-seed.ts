import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultProviderName } from '@shared/brand';
import { noFeatures } from '@shared/api/schemas';
import { merchantCategoryGroupNames, merchantCategoryGroups } from '@shared/cards';
import { rigaDateOf } from '@shared/dates';
import { tallyItemsOf, transactionItem } from '@functions/transactions/card-transactions';
import { entities, keys } from '@functions/platform/keys';
import { userProfileItem } from '@functions/platform/identity-records';
import type { TransactionRecord } from '@functions/transactions/transaction-records';
import { ensureCognitoUser } from '../../infra/local/seed-writes';

/**
 * The one large company of `npm run bench` (issue 6 "Scale", issue 7's report of 1,000,000 transactions), seeded once
 * and kept in the bench's own data folder.
 */
export const scale = {
  companyId: 'company-bench',
  email: 'bench-owner@test.local',
  phone: '37120000999',
  employees: 2_000,
  transactions: 1_000_000,
  /** Bumped when what is seeded changes, so the next run seeds again. */
  version: 2,
} as const;

const marker = { pk: 'LOCAL#BENCH', sk: 'SCALE' };

export interface ScaleSeedOutcome {
  seeded: boolean;
  seconds: number;
  items: number;
}

/** Deterministic, so every seed of the bench holds the same company. */
export function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * BatchWrites in flight while seeding. DynamoDB Local in memory, measured here on 2 shared cores (transaction items
 * with their two index keys): 4 in flight wrote about 1,600 items/s, 32 about 3,300, 64 about 2,600.
 */
export const writers = 32;

/** BatchWrite of 25 items per request, `concurrency` requests in flight, unprocessed items sent again. */
export async function writeAll(table: DynamoDBDocumentClient, tableName: string, items: readonly Record<string, unknown>[], concurrency: number, progress: (done: number) => void): Promise<void> {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const start = next;
        next += 25;
        let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          const answer = await table.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
          pending = (answer.UnprocessedItems?.[tableName] ?? []).flatMap((request) => (request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : []));
        }
        done += Math.min(25, items.length - start);
        if (done % 50_000 < 25) progress(done);
      }
    }),
  );
}

/** A bench company's employees, each with an active card; deterministic for the same generator. */
export function employeeItems(random: () => number, companyId: string = scale.companyId, count: number = scale.employees) {
  const names = ['Anna', 'Jānis', 'Ilze', 'Pēteris', 'Līga', 'Andris', 'Inese', 'Mārtiņš', 'Dace', 'Edgars'];
  const surnames = ['Ozola', 'Bērziņš', 'Kalniņa', 'Liepa', 'Krūmiņš', 'Zariņa', 'Eglītis', 'Vītola', 'Siliņš', 'Jansone'];
  return Array.from({ length: count }, (_, index) => {
    const employeeId = `bench-emp-${String(index + 1).padStart(4, '0')}`;
    return {
      ...keys.employee(companyId, employeeId),
      entity: entities.employee,
      companyId,
      employeeId,
      name: names[index % names.length] ?? 'Anna',
      surname: `${surnames[Math.floor(random() * surnames.length)] ?? 'Ozola'} ${index + 1}`,
      phone: `3712${String(5_000_000 + index).padStart(7, '0')}`,
      email: null,
      personalCode: `${String(10 + (index % 18)).padStart(2, '0')}0${(index % 9) + 1}8${index % 10}-${String(20_000 + index).slice(-5)}`,
      cardId: `bench-card-${index + 1}`,
      lastCardDigits: String(1000 + (index % 9000)),
      cardStatus: 'active',
      cardStatusChangedBy: 'admin',
      cardStatusChangedAt: '2025-01-01T00:00:00.000Z',
      deviceStatus: 'active',
      cardAccountStatus: 'active',
      status: 'active',
      balanceCents: 50_000,
      reservedCents: 0,
      usedCents: 0,
      limitCents: 100_000,
      annualLimitCents: 1_000_000,
      mccGroups: merchantCategoryGroupNames,
      pendingAuthorizations: 0,
      transactionSeq: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      version: 0,
    };
  });
}

/**
 * 1,000,000 card payments of 2,000 employees over the last 12 months, numbered in time order per company, employee and
 * merchant group as the seed and the authorization flow number them, with their day and month tallies.
 */
function transactionRecords(employees: ReturnType<typeof employeeItems>, random: () => number): TransactionRecord[] {
  const now = Date.now();
  const span = 365 * 86_400_000;
  const moments = new Float64Array(scale.transactions);
  for (let index = 0; index < moments.length; index += 1) moments[index] = now - 3_600_000 - Math.floor(random() * span);
  moments.sort();
  const employeeSeqs = new Map<string, number>();
  const groupSeqs = new Map<string, number>();
  const records: TransactionRecord[] = [];
  for (let index = 0; index < moments.length; index += 1) {
    const employee = employees[Math.floor(random() * employees.length)] ?? employees[0];
    const mccGroup = merchantCategoryGroupNames[Math.floor(random() * merchantCategoryGroupNames.length)] ?? 'groceries';
    const codes: readonly string[] = merchantCategoryGroups[mccGroup];
    const mcc = codes[Math.floor(random() * codes.length)] ?? '5411';
    if (!employee) continue;
    const employeeSeq = (employeeSeqs.get(employee.employeeId) ?? 0) + 1;
    const groupSeq = (groupSeqs.get(mccGroup) ?? 0) + 1;
    employeeSeqs.set(employee.employeeId, employeeSeq);
    groupSeqs.set(mccGroup, groupSeq);
    const executedAt = new Date(moments[index] ?? now);
    const name = `${employee.name} ${employee.surname}`;
    records.push({
      companyId: scale.companyId,
      transactionId: `btx-${index + 1}`,
      authorizationId: null,
      seq: index + 1,
      employeeSeq,
      groupSeq,
      day: rigaDateOf(executedAt),
      employeeId: employee.employeeId,
      employeeName: name,
      personalCode: employee.personalCode,
      phone: employee.phone,
      amountCents: -(100 + Math.floor(random() * 6_000)),
      executedAt: executedAt.toISOString(),
      processedAt: executedAt.toISOString(),
      description: `Merchant ${mcc}`,
      merchantCategoryCode: mcc,
      mccGroup,
      merchantId: `M${mcc}${index % 7}`,
      reference: `BREF${String(index + 1).padStart(8, '0')}`,
      beneficiary: `Merchant ${mcc}`,
      remitter: name,
      status: 'regular',
    });
  }
  for (const employee of employees) employee.transactionSeq = employeeSeqs.get(employee.employeeId) ?? 0;
  return records;
}

/** An approved bench company with its main account, and its owner's profile and membership. */
export function benchCompanyItems(company: { companyId: string; name: string; registrationNumber: string; iban: string; userId: string; email: string; phone: string }): Record<string, unknown>[] {
  const { companyId, iban, userId } = company;
  return [
    {
      ...keys.company(companyId),
      entity: entities.company,
      companyId,
      name: company.name,
      registrationNumber: company.registrationNumber,
      registeredOn: null,
      legalAddress: null,
      status: 'active',
      kycStatus: 'filled',
      provider: defaultProviderName,
      topUpAccountIBAN: iban,
      availableFeatures: noFeatures,
      ownerCount: 1,
    },
    { ...keys.mainAccount(companyId), entity: entities.mainAccount, companyId, iban, availableCents: 100_000_000, reservedCents: 0, version: 1 },
    userProfileItem({ userId, email: company.email, name: 'Bench', surname: 'Owner', phone: company.phone, status: 'active', language: 'en', currentCompanyId: companyId, tokensValidAfter: 0 }),
    {
      ...keys.membership(userId, companyId),
      ...keys.membershipInCompany(companyId, userId),
      entity: entities.membership,
      userId,
      companyId,
      membershipId: `${companyId}:${userId}`,
      role: 'owner',
    },
  ];
}

/** Seeds the bench company unless the marker says this version of it is there already. */
export async function seedScale(
  table: DynamoDBDocumentClient,
  cognito: CognitoIdentityProviderClient,
  tableName: string,
  userPoolId: string,
  log: (line: string) => void,
): Promise<ScaleSeedOutcome> {
  const began = performance.now();
  const userId = await ensureCognitoUser(cognito, userPoolId, { email: scale.email, name: 'Bench', surname: 'Owner', phone: scale.phone, providerAdmin: false });
  const found = await table.send(new GetCommand({ TableName: tableName, Key: marker }));
  if (found.Item?.version === scale.version && found.Item.userPoolId === userPoolId) return { seeded: false, seconds: 0, items: Number(found.Item.items ?? 0) };

  const random = randomGenerator(20_260_606);
  const employees = employeeItems(random);
  const records = transactionRecords(employees, random);
  const tallies = tallyItemsOf(records);
  const groupCounters = merchantCategoryGroupNames.map((group) => ({
    ...keys.groupCounter(scale.companyId, group),
    entity: entities.groupCounter,
    companyId: scale.companyId,
    transactionSeq: records.filter((record) => record.mccGroup === group).length,
  }));
  const small: Record<string, unknown>[] = [
    ...benchCompanyItems({ companyId: scale.companyId, name: 'Bench Scale SIA', registrationNumber: '40009999999', iban: 'LV80BCRD0000999999999', userId, email: scale.email, phone: scale.phone }),
    {
      ...keys.counters(scale.companyId),
      entity: entities.counters,
      companyId: scale.companyId,
      employees: scale.employees,
      transactionSeq: records.length,
      lastTransactionAt: records.at(-1)?.executedAt ?? null,
      reservedCents: 0,
    },
    ...groupCounters,
    ...employees,
  ];
  const items = small.length + records.length + tallies.length;
  log(`seeding the bench company: ${scale.employees} employees, ${records.length} transactions, ${tallies.length} tallies`);
  await writeAll(table, tableName, small, writers, () => undefined);
  await writeAll(table, tableName, tallies, writers, (done) => log(`  ${done} of ${tallies.length} tallies`));
  // Built per chunk, so the millions of stored items never sit in memory beside their records.
  for (let start = 0; start < records.length; start += 50_000) {
    await writeAll(table, tableName, records.slice(start, start + 50_000).map(transactionItem), writers, () => undefined);
    log(`  ${Math.min(start + 50_000, records.length)} of ${records.length} transactions`);
  }
  await table.send(new PutCommand({ TableName: tableName, Item: { ...marker, entity: 'seedMarker', version: scale.version, userPoolId, items } }));
  return { seeded: true, seconds: (performance.now() - began) / 1000, items };
}
