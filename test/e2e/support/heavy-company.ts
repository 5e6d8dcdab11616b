import { randomBytes, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiScopes } from '@shared/api-keys';
import { rigaDateOf } from '@shared/dates';
import { webhookEventTypes } from '@shared/webhooks';
import type { ScheduleRecord } from '@functions/funding/funding-schedules';
import { auditItem, type Actor } from '@functions/platform/audit';
import { userProfileItem } from '@functions/platform/identity-records';
import { entities, keys } from '@functions/platform/keys';
import type { WebhookEndpointRecord } from '@functions/webhooks/webhook-records';
import { putApiKey } from '../../integration/api-key-fixtures';
import { createOwnCompany, joinCompany, putItems, type FixtureCloud, type OwnCompany } from '../../integration/company-fixtures';
import { addListedEmployees, recordSpendings, type ListedEmployee, type Spending } from '../../integration/transaction-fixtures';

/**
 * The heaviest data a real company gives the screens (issue 32): the longest names the forms accept, in Latvian and
 * Russian, and lists long enough to page. The layout check (layout-heavy.spec.ts, `npm run screenshots -- --heavy`)
 * reads the screens with it; the demo company's light data hides what does not fit.
 */
export const heavySizes = { employees: 120, transactions: 400, activity: 1_000, apiKeys: 40, teamMembers: 12, webhooks: 6, schedules: 5 } as const;

/** 120 characters: a registered name as long as the register holds them. */
export const heavyCompanyName = 'Sabiedrība ar ierobežotu atbildību „Starptautiskā loģistikas, būvniecības un pārtikas ražošanas apvienība Vidzemē” ŠĶŪŽ'.padEnd(120, 'Ā').slice(0, 120);

// The longest given names and double-barrelled surnames the forms take (50 characters each), in both scripts.
const givenNames = ['Aleksandra Konstancija Elizabete Marija', 'Константин-Александр Владиславович', 'Krišjānis Valdemārs Augusts Jēkabs', 'Екатерина-Анастасия Владимировна'];
const surnames = [
  'Vanaga-Ozoliņa-Bērziņa-Kalniņa-Jankovska-Krūmiņa',
  'Преображенская-Воскресенская-Нижегородцева',
  'Zvirgzdiņa-Ščerbinska-Ķeņģele-Dzērvīte-Pūpola',
  'Достоевский-Рождественский-Всеволожский-Кожемякин',
];
const merchants = [
  'Starptautiskā lidosta „Rīga” bezmuitas veikals un kafejnīca Nr. 2',
  'ООО «Продовольственный гипермаркет Ленинградский» филиал Рига',
  'Rimi Hipermārkets Alfa tirdzniecības centrs Brīvības gatve 372',
  'Restorāns „Vecrīgas pagrabiņš” un konditoreja Kaļķu ielā',
];

export interface HeavyCompany extends OwnCompany {
  employees: ListedEmployee[];
}

/**
 * Seeds one company with the heavy data through the fixtures the integration suite uses (the table as the use cases
 * write it, batched 25 items a write): its owner signs in and sees every list full. About a second or two.
 */
export async function seedHeavyCompany(cloud: FixtureCloud): Promise<HeavyCompany> {
  // Available well below what the schedules and the owners' alert ask for: every dashboard notice shows.
  const company = await createOwnCompany(cloud, { role: 'owner', availableCents: 12_541_837, features: { reporting: { available: true }, all_features: true } });
  const { companyId } = company;
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const ownerName = { name: givenNames[0] ?? '', surname: surnames[0] ?? '' };
  const ownerFullName = `${ownerName.name} ${ownerName.surname}`;
  const owner: Actor = { kind: 'company_user', userId: company.userId, name: ownerFullName, role: 'owner' };

  const update = (key: Record<string, string>, expression: string, values: Record<string, unknown>, names?: Record<string, string>) =>
    cloud.table.send(new UpdateCommand({ TableName: cloud.tableName, Key: key, UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
  await Promise.all([
    update(keys.company(companyId), 'SET #name = :name', { ':name': heavyCompanyName }, { '#name': 'name' }),
    update(keys.mainAccount(companyId), 'SET lowBalanceThresholdCents = :threshold, lowBalanceSince = :since', { ':threshold': 50_000_000, ':since': at(600) }),
  ]);

  const people = Array.from({ length: heavySizes.employees }, (_, index) => ({
    name: givenNames[index % givenNames.length] ?? '',
    surname: `${surnames[(index + 1) % surnames.length] ?? ''}`.slice(0, 46) + ` ${String(index + 1).padStart(3, '0')}`,
    personalCode: `010190-${String(10_000 + index)}`,
    phone: `3712${String(90_000_000 + index).padStart(9, '0')}`,
  }));
  const [employees] = await Promise.all([
    addListedEmployees(cloud, companyId, people),
    // The owner's own long name and e-mail, as the navigation and the team list show them.
    putItems(cloud, [
      userProfileItem({ userId: company.userId, email: company.email, ...ownerName, phone: company.phone, status: 'active', language: 'lv', currentCompanyId: companyId, tokensValidAfter: 0 }),
    ]),
  ]);
  await update(keys.counters(companyId), 'SET employees = :count', { ':count': heavySizes.employees });

  const members = Array.from({ length: heavySizes.teamMembers }, (_, index) => ({
    userId: `heavy-member-${randomUUID()}`,
    email: `${index % 2 ? 'jekaterina.anastasija.preobrazhenskaja' : 'aleksandra.konstancija.vanaga-ozolina'}.${index}@gramatvedibas-un-finansu-nodala.example-uznemums.lv`,
    name: givenNames[(index + 1) % givenNames.length] ?? '',
    surname: surnames[(index + 2) % surnames.length] ?? '',
  }));
  await putItems(
    cloud,
    members.map((member) => userProfileItem({ ...member, phone: `3712${String(80_000_000 + members.indexOf(member)).padStart(9, '0')}`, status: 'active', language: 'ru', currentCompanyId: companyId, tokensValidAfter: 0 })),
  );
  await Promise.all(members.map((member, index) => joinCompany(cloud, member.userId, companyId, index % 3 === 0 ? 'manager' : 'accountant')));

  const spendings: Spending[] = Array.from({ length: heavySizes.transactions }, (_, index) => ({
    daysAgo: Math.floor(index / 20),
    employee: employees[index % employees.length] as ListedEmployee,
    // Card payments are negative; every 17th a large one, for the widest amounts the lists show.
    amountCents: index % 17 === 0 ? -987_654 : -(1_234 + index * 37),
    mccGroup: (['groceries', 'restaurants', 'transport'] as const)[index % 3] ?? 'groceries',
    description: merchants[index % merchants.length],
    status: index % 29 === 0 ? 'authorization' : 'regular',
  }));

  const endpoints: Record<string, unknown>[] = Array.from({ length: heavySizes.webhooks }, (_, index) => {
    const record: WebhookEndpointRecord = {
      endpointId: `ep_${randomBytes(8).toString('hex')}`,
      companyId,
      // Long addresses that differ only at their end: a phone must not cut them to the same beginning.
      url: `https://gramatvediba.example-uznemums.lv/integracijas/bonusu-kartes/notikumi/sanemt/apstrade/v${index + 1}?avots=bonusu-karte&klients=${companyId}`,
      events: index % 2 ? [...webhookEventTypes] : ['funding.applied', 'card.status_changed'],
      status: index === heavySizes.webhooks - 1 ? 'disabled' : 'enabled',
      disabledReason: index === heavySizes.webhooks - 1 ? 'failing' : null,
      // Plaintext as endpoints before issue 30 held it: still read, and no screen shows it.
      secrets: [{ secret: `whsec_${randomBytes(32).toString('base64')}`, createdAt: at(5_000), expiresAt: null }],
      createdAt: at(5_000 - index),
      createdBy: company.userId,
      failingSince: index === heavySizes.webhooks - 1 ? at(4_000) : null,
    };
    return { ...keys.webhookEndpoint(companyId, record.endpointId), entity: entities.webhookEndpoint, ...record };
  });

  // Each rule's next run is within 30 days and asks more than is available: the page's and the dashboard's warnings.
  const today = rigaDateOf(new Date(now));
  const tomorrow = rigaDateOf(new Date(now + 86_400_000));
  // As long as the form takes (80 characters), in whole words.
  const scheduleNames = [
    'Ikmēneša prēmija visiem aktīvajiem darbiniekiem par darba drošības ievērošanu',
    'Ежеквартальная премия сотрудникам логистического отдела за перевыполнение плана',
    'Vienreizēja Ziemassvētku dāvana darbiniekiem, kas strādā ilgāk par pieciem gadiem',
    'Ежемесячная компенсация расходов на питание для сотрудников круглосуточных смен',
    'Ikmēneša transporta kompensācija reģionālo filiāļu darbiniekiem Vidzemē, Latgalē',
  ];
  const schedules: ScheduleRecord[] = scheduleNames.map((name, index) => ({
    companyId,
    scheduleId: randomUUID(),
    name,
    state: index === 3 ? 'paused' : 'active',
    cadence: index === 2 ? { kind: 'once', date: tomorrow } : { kind: index === 1 ? 'quarterly' : 'monthly', dayOfMonth: Number(tomorrow.slice(8, 10)) },
    recipients: index === 1 ? { kind: 'chosen', amountCents: 1_500_000, employeeIds: employees.slice(0, 60).map((employee) => employee.employeeId) } : { kind: 'all_active', amountCents: 2_500_000 + index * 100 },
    allowPartial: index === 4,
    nextRunDate: tomorrow,
    lastRunDate: index === 0 ? today : null,
    createdAt: at(90_000 - index),
    updatedAt: at(80_000 - index),
    changedBy: null,
    approvalId: null,
  }));
  const scheduleItems = schedules.map((record) => ({
    ...keys.fundingSchedule(companyId, record.scheduleId),
    entity: entities.fundingSchedule,
    ...record,
    ...(record.state === 'active' && record.nextRunDate ? keys.dueFundingSchedule(record.nextRunDate, companyId, record.scheduleId) : {}),
  }));
  // The first rule's run today was refused for the balance: the dashboard's refused notice.
  const first = schedules[0] as ScheduleRecord;
  const refusedRun = {
    ...keys.fundingScheduleRun(companyId, first.scheduleId, today),
    entity: entities.fundingScheduleRun,
    companyId,
    scheduleId: first.scheduleId,
    runDate: today,
    status: 'refused',
    fileId: null,
    startedAt: at(60),
    startedBy: 'rule',
    employeeCount: heavySizes.employees,
    totalCents: heavySizes.employees * 2_500_000,
    availableCents: 12_541_837,
  };

  // A thousand records of the kinds the log shows most, with long names and values, newest first when listed.
  const audits = Array.from({ length: heavySizes.activity }, (_, index) => {
    const employee = employees[index % employees.length] as ListedEmployee;
    const when = at(index * 7 + 1);
    switch (index % 5) {
      case 0:
        return auditItem({ companyId, actor: owner, action: 'limits.change', target: { type: 'employee', id: employee.employeeId }, before: { limitCents: 100_000, annualLimitCents: 1_000_000 }, after: { limitCents: 250_000, annualLimitCents: 3_000_000 }, at: when });
      case 1:
        return auditItem({ companyId, actor: { kind: 'system', userId: null, name: schedules[index % schedules.length]?.name ?? null, role: null }, action: 'authorization.approved', target: { type: 'company', id: companyId }, before: { employeeId: employee.employeeId, balanceCents: 20_000, reservedCents: 0 }, after: { employeeId: employee.employeeId, authorizationId: `auth-${index}`, amountCents: 1_234 }, at: when });
      case 2:
        return auditItem({ companyId, actor: owner, action: 'webhook.create', target: { type: 'company', id: companyId }, before: {}, after: { endpointId: `ep-${index}`, url: String(endpoints[0]?.url ?? ''), events: webhookEventTypes.join(' '), webhookStatus: 'enabled' }, at: when });
      case 3:
        return auditItem({ companyId, actor: { kind: 'company_user', userId: members[0]?.userId ?? null, name: `${members[0]?.name ?? ''} ${members[0]?.surname ?? ''}`, role: 'manager' }, action: 'team.role_change', target: { type: 'company', id: companyId }, before: { userId: members[1]?.userId ?? '', name: `${members[1]?.name ?? ''} ${members[1]?.surname ?? ''}`, role: 'accountant' }, after: { userId: members[1]?.userId ?? '', name: `${members[1]?.name ?? ''} ${members[1]?.surname ?? ''}`, role: 'manager' }, at: when });
      default:
        return auditItem({ companyId, actor: owner, action: 'user.sign_in', target: { type: 'company', id: companyId }, before: {}, after: {}, at: when });
    }
  });

  await Promise.all([
    recordSpendings(cloud, companyId, spendings),
    putItems(cloud, [...endpoints, ...scheduleItems, refusedRun, ...audits]),
    ...Array.from({ length: heavySizes.apiKeys }, (_, index) =>
      putApiKey(cloud, companyId, { userId: company.userId, name: ownerFullName }, {
        name: `${index % 2 ? 'Синхронизация зарплатной системы с бухгалтерией' : 'Algu sistēmas sinhronizācija ar grāmatvedības programmu'} ${index + 1}`.slice(-60),
        createdAt: new Date(now - (heavySizes.apiKeys - index) * 86_400_000).toISOString(),
        scopes: [...apiScopes],
        ...(index % 4 === 3 ? { revokedAt: new Date(now - index * 3_600_000).toISOString() } : {}),
      }),
    ),
  ]);
  return { ...company, name: heavyCompanyName, fullName: ownerFullName, employees };
}
