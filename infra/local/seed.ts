import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityAction } from '@shared/activity';
import { defaultCardLimits, employeeStatusOf, merchantGroupOf } from '@shared/cards';
import { limitPeriodsOf } from '@shared/authorizations';
import { rigaDateOf } from '@shared/dates';
import { cardStatuses, type CardStatus, type DeviceStatus, type StatusChanger } from '@shared/statuses';
import { defaultProviderName } from '@shared/brand';
import { sampleCompanyRegister } from '@functions/companies/company-register';
import { newCompany } from '@functions/companies/new-company';
import { auditItem, systemActor, type Actor } from '@functions/platform/audit';
import { tallyItemsOf, transactionItem } from '@functions/transactions/card-transactions';
import { auditDigestsOfCompany, documentObjectKey, entities, keys } from '@functions/platform/keys';
import { userProfileItem } from '@functions/platform/identity-records';
import type { TransactionRecord } from '@functions/transactions/transaction-records';
import { signupSteps } from '@shared/kyc';
import { queuePosition } from '@shared/onboarding/progress';
import { documentIdsOfAnswers } from '@shared/onboarding/steps';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { sampleAnswers, sampleDocumentNames, sampleDocuments, type SampleCompany, type SampleDocumentName } from './sample-application';
import { demoCardholderPhone, demoCompanies, demoCompanyIndex, demoUsers, testOnlyCompanies, testOnlyUsers, type DemoCompany, type DemoUser } from './demo-data';
import { batchPut, ensureCognitoUser } from './seed-writes';
import { seedDemoChats } from './seed-chats';
import { fleetReportItem } from './seed-reports';
import { fleetInvoiceItems } from './seed-invoices';
import { seededActivityItems } from './seed-activity';

const seedMarker = { pk: 'LOCAL#SEED', sk: 'DEMO' };
const seedVersion = 14;

/** Deterministic so every fresh start shows the same demo. */
function randomGenerator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

const firstNames = ['Anna', 'Jānis', 'Līga', 'Andris', 'Ieva', 'Mārtiņš', 'Kristīne', 'Edgars', 'Olga', 'Dmitrijs', 'Laura', 'Raivis', 'Santa', 'Artūrs', 'Elīna'];
const surnames = ['Bērziņš', 'Kalniņa', 'Ozols', 'Liepa', 'Krūmiņš', 'Jansone', 'Vītols', 'Petrova', 'Balodis', 'Zariņa', 'Eglītis', 'Kļaviņa'];
const merchants = [
  { description: 'Rimi Hypermarket', mcc: '5411' },
  { description: 'Maxima XX', mcc: '5411' },
  { description: 'Circle K fuel', mcc: '5541' },
  { description: 'Lido restaurant', mcc: '5812' },
  { description: 'Apotheka pharmacy', mcc: '5912' },
  { description: 'Bolt ride', mcc: '4121' },
  { description: 'Cinamon cinema', mcc: '7832' },
];

/** How the sandbox issuer holds a card of each of our statuses (none without a card). */
export function sandboxStatusOf(cardStatus: CardStatus): string | null {
  if (cardStatus === 'new' || cardStatus === 'none') return null;
  if (cardStatus === 'ordered' || cardStatus === 'replaced_ordered') return 'ordered';
  if (cardStatus === 'delivered' || cardStatus === 'replaced_delivered') return 'delivered';
  if (cardStatus === 'active') return 'active';
  if (cardStatus === 'soft_blocked' || cardStatus === 'blocked' || cardStatus === 'suspended') return 'blocked';
  return 'closed';
}

/**
 * Every card status appears once (the first 14 employees); then one active card with a pending authorization (its
 * replacement is refused), a delivered card the sandbox issuer declines to activate, two more delivered cards for the
 * bulk activation, and the rest active, as in a real programme.
 */
function demoCardStatusOf(index: number): CardStatus {
  if (index < cardStatuses.length) return cardStatuses[index] ?? 'active';
  if (index >= 15 && index <= 17) return 'delivered';
  return 'active';
}

/** The employee whose card the sandbox issuer refuses to activate, and the one with a pending authorization. */
export const demoDeclinedActivationIndex = 15;
export const demoPendingAuthorizationIndex = 14;

/**
 * The change that left a seeded card in its status, as the use case making it records it: the history of changes
 * then lists the change the status line reports ("Changed by <who> on <date>"). A change its maker has no action
 * for (an admin ordering a card, an employee's card expiring) is told as a plain status change.
 */
export function seededStatusChange(status: CardStatus, changer: StatusChanger): { action: ActivityAction; before: CardStatus | null } {
  const byIssuer: Partial<Record<CardStatus, { action: ActivityAction; before: CardStatus }>> = {
    delivered: { action: 'issuer.card.delivered', before: 'ordered' },
    replaced_delivered: { action: 'issuer.card.delivered', before: 'replaced_ordered' },
    suspended: { action: 'issuer.card.suspended', before: 'active' },
    blocked: { action: 'issuer.card.blocked', before: 'active' },
    inactive: { action: 'issuer.card.expired', before: 'active' },
    removed: { action: 'issuer.card.removed', before: 'active' },
    active: { action: 'issuer.card.reactivated', before: 'suspended' },
  };
  const byPerson: Partial<Record<CardStatus, { action: ActivityAction; before: CardStatus | null }>> = {
    active: changer === 'employee' ? { action: 'card.unblock', before: 'soft_blocked' } : { action: 'card.activate', before: 'delivered' },
    soft_blocked: { action: 'card.block', before: 'active' },
    closed: { action: 'card.close', before: 'active' },
    replaced_ordered: { action: 'card.replace', before: 'active' },
    stopped: { action: 'card.terminate', before: 'active' },
    ...(changer === 'company_user' ? { ordered: { action: 'employee.add', before: null } } : {}),
  };
  return (changer === 'system' ? byIssuer[status] : byPerson[status]) ?? { action: 'card.status', before: null };
}

/**
 * The seeded change's audit record, under an id of its own (`seed-…`) so a reseed can find it: its time counts back
 * from the day of seeding, so a reseed's record sorts elsewhere and `seedDemo` deletes the last seed's first.
 */
function seededStatusAudit(companyId: string, employee: { employeeId: string; name: string; surname: string; cardStatus: CardStatus; changer: StatusChanger; at: string }, people: SeedPeople): Record<string, unknown> {
  const { action, before } = seededStatusChange(employee.cardStatus, employee.changer);
  const actors: Record<StatusChanger, Actor> = {
    company_user: people.companyUser ?? { kind: 'company_user', userId: null, name: null, role: null },
    employee: { kind: 'employee', userId: null, name: `${employee.name} ${employee.surname}`, role: null },
    admin: people.admin ?? { kind: 'admin', userId: null, name: null, role: 'provider_admin' },
    system: systemActor,
    api_key: { kind: 'api_key', userId: null, name: "API key 'Payroll'", role: null },
  };
  return auditItem(
    { companyId, actor: actors[employee.changer], action, target: { type: 'employee', id: employee.employeeId }, before: { cardStatus: before }, after: { cardStatus: employee.cardStatus }, at: employee.at },
    `seed-${employee.employeeId}-status`,
  );
}

/** Who acted in a company's seeded history besides its employees and the issuer. */
interface SeedPeople {
  companyUser: Actor | null;
  admin: Actor | null;
}

function employeeItems(companyId: string, company: DemoCompany, random: () => number, people: SeedPeople) {
  const items: Record<string, unknown>[] = [];
  const changers: StatusChanger[] = ['company_user', 'employee', 'admin', 'system'];
  for (let index = 0; index < company.employees; index += 1) {
    const employeeId = `${company.key}-emp-${String(index + 1).padStart(3, '0')}`;
    const cardStatus = demoCardStatusOf(index);
    const hasCard = cardStatus !== 'new' && cardStatus !== 'none';
    const cardId = hasCard ? `sbx_${company.key}_${String(index + 1).padStart(3, '0')}` : null;
    const status = employeeStatusOf(cardStatus);
    const terminated = cardStatus === 'stopped';
    const deviceStatus: DeviceStatus = status === 'created' ? 'created' : terminated || cardStatus === 'removed' ? 'removed' : index % 11 === 0 ? 'blocked' : 'active';
    const limitCents = defaultCardLimits.limitCents;
    const balanceCents = terminated || status === 'created' ? 0 : Math.round(random() * 40_000);
    const pendingAuthorizations = index === demoPendingAuthorizationIndex ? 1 : 0;
    const usedCents = status === 'created' ? 0 : Math.round(random() * limitCents * 0.6);
    const name = firstNames[index % firstNames.length] ?? 'Anna';
    const surname = surnames[(index * 7) % surnames.length] ?? 'Ozols';
    const phone = demoCardholderPhone(company.key, index);
    const changedAt = new Date(Date.now() - Math.round(random() * 200) * 86_400_000).toISOString();
    const changer = changers[index % changers.length] ?? 'system';
    const lastCardDigits = hasCard ? String(1000 + ((index * 7919) % 9000)) : null;
    items.push({
      ...keys.employee(companyId, employeeId),
      entity: entities.employee,
      companyId,
      employeeId,
      name,
      surname,
      phone,
      email: `${name}.${surname}.${index + 1}@example.lv`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      personalCode: `${String(10 + (index % 18)).padStart(2, '0')}0${(index % 9) + 1}8${index % 10}-${String(10_000 + index * 31).slice(-5)}`,
      cardId,
      lastCardDigits,
      cardStatus,
      cardStatusChangedBy: changer,
      cardStatusChangedAt: changedAt,
      deviceStatus,
      cardAccountStatus: status === 'active' || status === 'non_active' ? 'active' : 'inactive',
      status,
      balanceCents,
      reservedCents: pendingAuthorizations > 0 ? 2_450 : 0,
      usedCents,
      // Seeded as this month's and year's use; the company with transactions recounts it from them.
      usedMonth: seededPeriods.month,
      annualUsedCents: usedCents,
      usedYear: seededPeriods.year,
      limitCents,
      annualLimitCents: defaultCardLimits.annualLimitCents,
      mccGroups: ['groceries', 'restaurants', 'transport'],
      pendingAuthorizations,
      createdAt: new Date(Date.parse(changedAt) - 30 * 86_400_000).toISOString(),
      version: 0,
    });
    items.push(seededStatusAudit(companyId, { employeeId, name, surname, cardStatus, changer, at: changedAt }, people));
    if (!terminated) items.push({ ...keys.cardholderPhoneClaim(phone), entity: entities.cardholderPhoneClaim, phone, companyId, employeeId });
    const sandboxStatus = sandboxStatusOf(cardStatus);
    if (cardId && sandboxStatus && lastCardDigits) {
      items.push(
        { ...keys.cardOwner(cardId), entity: entities.cardOwner, cardId, companyId, employeeId },
        {
          ...keys.sandboxCard(cardId),
          entity: entities.sandboxCard,
          cardId,
          lastDigits: lastCardDigits,
          status: sandboxStatus,
          declines: index === demoDeclinedActivationIndex ? ['activate'] : [],
          orderedAt: changedAt,
        },
      );
    }
  }
  return items;
}

/**
 * A year of card payments of the company's active employees, numbered in time order as the authorization flow numbers
 * them, with the tallies the list reads its totals from. The last two days' are partly still pending.
 */
function transactionItems(companyId: string, employees: Record<string, unknown>[], random: () => number) {
  const active = employees.filter((e) => e.entity === entities.employee && e.status === 'active');
  // The demo's employee with a pending authorization gets the first pending payment, so its replacement is refused.
  let pendingOwner = employees.find((e) => e.entity === entities.employee && e.employeeId === `${String(companyId).replace(/^company-/, '')}-emp-${String(demoPendingAuthorizationIndex + 1).padStart(3, '0')}`);
  const moments: number[] = [];
  const now = Date.now();
  for (let day = 365; day >= 0; day -= 1) {
    const perDay = 2 + Math.floor(random() * 4);
    for (let n = 0; n < perDay; n += 1) moments.push(now - day * 86_400_000 - Math.floor(random() * 86_400_000));
  }
  moments.sort((a, b) => a - b);
  const employeeSeqs = new Map<string, number>();
  const groupSeqs = new Map<string, number>();
  const records: TransactionRecord[] = [];
  for (const [index, moment] of moments.entries()) {
    // Drawn in the same order as before authorizations were seeded, so the demo's payments stay what they were.
    const drawn = active[Math.floor(random() * active.length)];
    const merchant = merchants[Math.floor(random() * merchants.length)] ?? merchants[0];
    const pending = now - moment < 2 * 86_400_000 && random() < 0.5;
    const employee = pending && pendingOwner ? pendingOwner : drawn;
    if (pending) pendingOwner = undefined;
    if (!employee || !merchant) continue;
    const employeeId = String(employee.employeeId);
    const mccGroup = merchantGroupOf(merchant.mcc) ?? 'groceries';
    const employeeSeq = (employeeSeqs.get(employeeId) ?? 0) + 1;
    const groupSeq = (groupSeqs.get(mccGroup) ?? 0) + 1;
    employeeSeqs.set(employeeId, employeeSeq);
    groupSeqs.set(mccGroup, groupSeq);
    const executedAt = new Date(moment);
    const name = `${String(employee.name)} ${String(employee.surname)}`;
    records.push({
      companyId,
      transactionId: `tx-${String(index + 1).padStart(6, '0')}`,
      authorizationId: pending ? `seed-auth-${companyId}-${String(index + 1).padStart(6, '0')}` : null,
      seq: index + 1,
      employeeSeq,
      groupSeq,
      day: rigaDateOf(executedAt),
      employeeId,
      employeeName: name,
      personalCode: typeof employee.personalCode === 'string' ? employee.personalCode : null,
      phone: typeof employee.phone === 'string' ? employee.phone : null,
      amountCents: -(100 + Math.floor(random() * 6_000)),
      executedAt: executedAt.toISOString(),
      // Settled a day later, or by now for the last day's.
      processedAt: pending ? null : new Date(Math.min(moment + 86_400_000, now)).toISOString(),
      description: merchant.description,
      merchantCategoryCode: merchant.mcc,
      mccGroup,
      merchantId: `M${merchant.mcc}${index % 7}`,
      reference: `REF${String(index + 1).padStart(8, '0')}`,
      beneficiary: merchant.description,
      remitter: name,
      status: pending ? 'authorization' : 'regular',
    });
  }
  return {
    items: [...records.map(transactionItem), ...tallyItemsOf(records), ...authorizationItems(records, now, employees)],
    count: records.length,
    records,
    reservedCents: records.filter((record) => record.status === 'authorization').reduce((sum, record) => sum - record.amountCents, 0),
    lastTransactionAt: records.at(-1)?.executedAt ?? null,
    employeeSeqs,
    groupSeqs,
  };
}

/**
 * The open authorizations behind the seeded Pending transactions, as the issuer's approvals would have left them:
 * expiring a few days after seeding (so the release job finds them then), in the open index.
 */
function authorizationItems(records: readonly TransactionRecord[], now: number, employees: Record<string, unknown>[]): Record<string, unknown>[] {
  const cardOf = new Map(employees.filter((e) => e.entity === entities.employee).map((e) => [String(e.employeeId), String(e.cardId)]));
  return records.flatMap((record, index) => {
    if (record.status !== 'authorization' || !record.authorizationId) return [];
    const expiresAt = new Date(now + (3 + (index % 3)) * 86_400_000).toISOString();
    const { month, year } = limitPeriodsOf(record.day);
    return [
      {
        ...keys.authorization(record.authorizationId),
        ...keys.openAuthorization(expiresAt, record.authorizationId),
        entity: entities.authorization,
        authorizationId: record.authorizationId,
        companyId: record.companyId,
        employeeId: record.employeeId,
        cardId: cardOf.get(record.employeeId) ?? '',
        decision: 'approved',
        declineReason: null,
        amountCents: -record.amountCents,
        merchantCategoryCode: record.merchantCategoryCode,
        merchantName: record.description,
        seq: record.seq,
        state: 'open',
        requestedAt: record.executedAt,
        expiresAt,
        countedMonth: month,
        countedYear: year,
      },
    ];
  });
}

/**
 * An employee item made consistent with the seeded payments: what their open authorizations reserve, how many are
 * open, and the limit use of the current month and year (settled and pending payments of the period).
 */
function withCardAccountOf(employee: Record<string, unknown>, records: readonly TransactionRecord[], today: string): void {
  const own = records.filter((record) => record.employeeId === employee.employeeId);
  const open = own.filter((record) => record.status === 'authorization');
  const { month, year } = limitPeriodsOf(today);
  const spentIn = (prefix: string) => own.filter((record) => record.day.startsWith(prefix)).reduce((sum, record) => sum - record.amountCents, 0);
  employee.reservedCents = open.reduce((sum, record) => sum - record.amountCents, 0);
  employee.pendingAuthorizations = open.length;
  employee.usedCents = spentIn(month);
  employee.usedMonth = month;
  employee.annualUsedCents = spentIn(year);
  employee.usedYear = year;
}

const seededPeriods = limitPeriodsOf(rigaDateOf(new Date()));

/** A fixed document id per company and document: the same on every reseed. */
function sampleDocumentId(companyIndex: number, name: SampleDocumentName): string {
  const documentIndex = sampleDocumentNames.indexOf(name) + 1;
  return `5eed0000-0000-4000-8000-${String(companyIndex * 10 + documentIndex).padStart(12, '0')}`;
}

/**
 * The company's onboarding as far as the demo says: the sample answers of its first steps, the documents they
 * point at (in the bucket too), and for a submitted application its history.
 */
async function applicationItems(
  companyId: string,
  company: DemoCompany,
  entry: SampleCompany,
  storage: { s3: S3Client; bucket: string },
): Promise<Record<string, unknown>[]> {
  if (company.answeredSteps === 0) return [];
  const companyIndex = demoCompanyIndex(company.key);
  const idOf = (name: SampleDocumentName) => sampleDocumentId(companyIndex, name);
  // The company's own owner fills its application in: Nordic Start's shows Pēteris Ozols, not another company's contact.
  const owner = [...demoUsers, ...testOnlyUsers].find((u) => u.memberships.some((m) => m.company === company.key && m.role === 'owner'));
  const contact = owner ? { name: owner.name, surname: owner.surname, email: owner.email, phone: owner.phone ?? `3712${company.registrationNumber.slice(-7)}` } : undefined;
  const all = sampleAnswers(
    entry,
    { certificate: idOf('certificate'), articles: idOf('articles'), passport: idOf('passport'), evidence: idOf('evidence') },
    contact,
  );
  const answered = signupSteps.slice(0, company.answeredSteps);
  const answers = Object.fromEntries(answered.map((step) => [step, all[step]]));
  const used = documentIdsOfAnswers(answers);
  const documents = sampleDocuments(idOf);
  const submitted = company.status !== 'onboarding';
  const submittedAt = submitted ? '2026-11-02T09:30:00.000Z' : null;
  const updatedAt = '2026-11-02T09:30:00.000Z';
  const items: Record<string, unknown>[] = [];
  for (const document of documents.filter((d) => used.has(d.documentId))) {
    await storage.s3.send(
      new PutObjectCommand({ Bucket: storage.bucket, Key: documentObjectKey(companyId, document.documentId), Body: document.bytes, ContentType: document.contentType }),
    );
    items.push({
      ...keys.document(companyId, document.documentId),
      entity: entities.document,
      companyId,
      documentId: document.documentId,
      kind: document.kind,
      fileName: document.fileName,
      contentType: document.contentType,
      size: document.bytes.length,
      status: 'stored',
      uploadedAt: updatedAt,
      uploadedBy: 'seed',
    });
  }
  items.push({
    ...keys.application(companyId),
    ...keys.applicationQueue(queuePosition(company.status, submittedAt ?? updatedAt)),
    entity: entities.application,
    companyId,
    companyName: entry.name,
    registrationNumber: entry.registrationNumber,
    status: company.status,
    answers,
    returnedSteps: {},
    rejectionReason: null,
    submittedAt,
    updatedAt,
  });
  if (submitted) {
    const admin = demoUsers.find((u) => u.providerAdmin);
    const event = (at: string, action: string, actor: DemoUser | undefined) => ({
      ...keys.applicationEvent(companyId, at, `${company.key}-${action}`),
      entity: entities.applicationEvent,
      companyId,
      at,
      action,
      actorName: actor ? `${actor.name} ${actor.surname}` : 'Seed',
      actorEmail: actor?.email ?? 'seed@demo.local',
      comment: null,
      steps: [],
    });
    items.push(event(submittedAt ?? updatedAt, 'submitted', owner));
    if (company.status === 'active') items.push(event('2026-11-03T10:00:00.000Z', 'approved', admin));
  }
  return items;
}

/** The seeded history's company user is the company's first owner (or manager); its admin the provider's. */
function seedPeopleOf(users: readonly DemoUser[], userIds: Record<string, string>, companyKey: string): SeedPeople {
  const { owner, manager, admin } = activityPeopleOf(users, userIds, companyKey);
  return { companyUser: owner ?? manager, admin };
}

/** The company's first owner and first manager, and the provider's admin, as they act in audit records. */
function activityPeopleOf(users: readonly DemoUser[], userIds: Record<string, string>, companyKey: string): { owner: Actor | null; manager: Actor | null; admin: Actor | null } {
  const actorOf = (user: DemoUser | undefined, kind: 'company_user' | 'admin', role: Actor['role']): Actor | null =>
    user ? { kind, userId: userIds[user.email] ?? null, name: `${user.name} ${user.surname}`, role } : null;
  const member = (role: 'owner' | 'manager') => users.find((candidate) => candidate.memberships.some((m) => m.company === companyKey && m.role === role));
  return { owner: actorOf(member('owner'), 'company_user', 'owner'), manager: actorOf(member('manager'), 'company_user', 'manager'), admin: actorOf(users.find((candidate) => candidate.providerAdmin), 'admin', 'provider_admin') };
}

/** The seeded employees' ids and names (the employee items among the company's items). */
function employeesOf(items: readonly Record<string, unknown>[]): { employeeId: string; name: string; surname: string }[] {
  return items.flatMap((item) => (item.entity === entities.employee ? [{ employeeId: String(item.employeeId), name: String(item.name), surname: String(item.surname) }] : []));
}

export interface SeedResult {
  seeded: boolean;
  userIds: Record<string, string>;
}

/**
 * A new seed version is written over the old seed's data: most items land on the same keys, but a seeded audit record's
 * key holds its time, which moves with the day of seeding, so the old ones go first or the history would list both.
 */
async function deleteSeededAudit(documents: DynamoDBDocumentClient, tableName: string, companyId: string): Promise<void> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'begins_with(auditId, :seed)',
        ExpressionAttributeValues: { ':pk': keys.auditRecord(companyId, '', '').pk, ':seed': 'seed-' },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) await documents.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * The seeded history moves with the day of seeding, so the days a new seed version rewrites no longer match their
 * sealed digests (issue 31), which the activity screen would rightly report. The local bucket has no Object Lock: the
 * company's digests and the digest job's state go with the old history, and the job seals the new one at its next tick.
 * Listed a year at a time, as the job lists them (functions/activity/audit-digest-store.ts firstDigestDay).
 */
async function forgetSeededDigests(documents: DynamoDBDocumentClient, tableName: string, digests: { s3: S3Client; bucket: string }, companyId: string): Promise<void> {
  await documents.send(new DeleteCommand({ TableName: tableName, Key: keys.auditDigestState(companyId) }));
  const years = await digests.s3.send(new ListObjectsV2Command({ Bucket: digests.bucket, Prefix: auditDigestsOfCompany(companyId), Delimiter: '/' }));
  for (const year of years.CommonPrefixes ?? []) {
    const days = await digests.s3.send(new ListObjectsV2Command({ Bucket: digests.bucket, Prefix: year.Prefix }));
    for (const object of days.Contents ?? []) await digests.s3.send(new DeleteObjectCommand({ Bucket: digests.bucket, Key: object.Key }));
  }
}

/** Puts the demo of DESIGN section 4 into the emulators once; a restart finds the marker and keeps the data. */
export async function seedDemo(
  dynamodb: DynamoDBClient,
  cognito: CognitoIdentityProviderClient,
  tableName: string,
  userPoolId: string,
  options: { withTestUsers: boolean; documents: { s3: S3Client; bucket: string }; auditDigests: { s3: S3Client; bucket: string } },
): Promise<SeedResult> {
  const documents = DynamoDBDocumentClient.from(dynamodb, { marshallOptions: { removeUndefinedValues: true } });
  const users = options.withTestUsers ? [...demoUsers, ...testOnlyUsers] : demoUsers;
  const userIds: Record<string, string> = {};
  for (const user of users) userIds[user.email] = await ensureCognitoUser(cognito, userPoolId, user);

  // Profiles are keyed by the pool's user ids: a new pool (its data removed by hand) needs the demo seeded again.
  const marker = await documents.send(new GetCommand({ TableName: tableName, Key: seedMarker }));
  if (marker.Item?.version === seedVersion && marker.Item.userPoolId === userPoolId) return { seeded: false, userIds };

  const random = randomGenerator(20_260_101);
  const companies = options.withTestUsers ? [...demoCompanies, ...testOnlyCompanies] : demoCompanies;
  const companyIds = Object.fromEntries(companies.map((c) => [c.key, `company-${c.key}`]));
  const ownerCount = (key: string) => users.filter((u) => u.memberships.some((m) => m.company === key && m.role === 'owner')).length;
  const items: Record<string, unknown>[] = [];
  const register = sampleCompanyRegister();
  const companyNames: Record<string, string> = {};
  for (const company of companies) {
    const companyId = companyIds[company.key] ?? company.key;
    const entry = await register.find(company.registrationNumber);
    if (!entry) throw new Error(`demo company ${company.key} (${company.registrationNumber}) is missing from the sample register`);
    companyNames[company.key] = entry.name;
    items.push(
      {
        ...keys.company(companyId),
        entity: entities.company,
        ...newCompany(companyId, entry, defaultProviderName),
        status: company.status,
        kycStatus: company.kycStatus,
        topUpAccountIBAN: company.topUpAccountIBAN,
        availableFeatures: company.availableFeatures,
        ownerCount: ownerCount(company.key),
        ...(company.status === 'active' ? keys.activeCompany(companyId) : {}),
      },
      { ...keys.registrationNumberClaim(company.registrationNumber), entity: entities.registrationNumberClaim, companyId },
    );
    if (company.status === 'active' && company.topUpAccountIBAN) {
      items.push(
        { ...keys.mainAccount(companyId), entity: entities.mainAccount, companyId, iban: company.topUpAccountIBAN, availableCents: 12_543_050, reservedCents: 124_000, version: 1 },
        { ...keys.ibanClaim(company.topUpAccountIBAN), entity: entities.ibanClaim, companyId },
      );
    }
    items.push(...(await applicationItems(companyId, company, entry, options.documents)));
    if (marker.Item) {
      await deleteSeededAudit(documents, tableName, companyId);
      await forgetSeededDigests(documents, tableName, options.auditDigests, companyId);
    }
    const employees = employeeItems(companyId, company, random, seedPeopleOf(users, userIds, company.key));
    const transactions = company.key === 'baltic' ? transactionItems(companyId, employees, random) : null;
    for (const employee of employees) {
      const count = transactions?.employeeSeqs.get(String(employee.employeeId));
      if (count && employee.entity === entities.employee) employee.transactionSeq = count;
      if (transactions && employee.entity === entities.employee) withCardAccountOf(employee, transactions.records, rigaDateOf(new Date()));
    }
    items.push(...employees, ...(transactions?.items ?? []));
    if (company.key === 'baltic') items.push(...seededActivityItems(companyId, employeesOf(employees), activityPeopleOf(users, userIds, company.key), Date.now()));
    for (const [group, count] of transactions?.groupSeqs ?? []) {
      items.push({ ...keys.groupCounter(companyId, group), entity: entities.groupCounter, companyId, transactionSeq: count });
    }
    items.push({
      ...keys.counters(companyId),
      entity: entities.counters,
      companyId,
      employees: company.employees,
      transactionSeq: transactions?.count ?? 0,
      lastTransactionAt: transactions?.lastTransactionAt ?? null,
      reservedCents: transactions?.reservedCents ?? 0,
    });
  }
  for (const user of users) {
    const userId = userIds[user.email] ?? '';
    const first = user.memberships[0];
    items.push(
      userProfileItem({
        userId,
        email: user.email,
        name: user.name,
        surname: user.surname,
        phone: user.phone,
        status: user.blocked ? 'blocked' : 'active',
        language: user.language,
        currentCompanyId: first ? companyIds[first.company] ?? null : null,
        tokensValidAfter: 0,
      }),
    );
    if (user.phone) items.push({ ...keys.phoneClaim(user.phone), entity: entities.phoneClaim, userId });
    for (const membership of user.memberships) {
      const companyId = companyIds[membership.company] ?? membership.company;
      items.push({
        ...keys.membership(userId, companyId),
        ...keys.membershipInCompany(companyId, userId),
        entity: entities.membership,
        userId,
        companyId,
        membershipId: `${companyId}:${userId}`,
        role: membership.role,
      });
    }
  }
  if (companyIds.fleet) items.push(fleetReportItem(companyIds.fleet), ...fleetInvoiceItems(companyIds.fleet));
  await batchPut(documents, tableName, items);
  const chatOf = (key: string, email: string) => {
    const user = users.find((candidate) => candidate.email === email);
    const companyId = companyIds[key];
    const companyName = companyNames[key];
    return user && companyId && companyName ? { companyId, companyName, author: { userId: userIds[email] ?? '', name: `${user.name} ${user.surname}` } } : undefined;
  };
  const balticChat = chatOf('baltic', 'owner@demo.local');
  if (balticChat) await seedDemoChats(documents, tableName, { baltic: balticChat, fleet: chatOf('fleet', 'fleet-owner@test.local') });
  await documents.send(new PutCommand({ TableName: tableName, Item: { ...seedMarker, entity: 'seedMarker', version: seedVersion, userPoolId } }));
  return { seeded: true, userIds };
}
