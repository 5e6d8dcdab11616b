import { activityActorText, activityChangeLines, activityConcerns, isKnownAction, type ActivityAction, type ActivityActor, type ActivityRow, type ActivityTarget, type ActivityType, type activityFields } from './activity';
import type { MerchantCategoryGroup } from './cards';
import { formatDate } from './dates';
import type { Language } from './languages';
import { formatEur } from './money';
import { cardStatusTexts, employeeStatusTexts, statusChangerTexts } from './report-csv';
import type { CardAccountStatus, CardStatus, DeviceStatus, EmployeeStatus } from './statuses';

/**
 * The activity log's CSV (issue 21): its columns with their headers, and the texts of what it names, in the three
 * languages (the exports worker has no i18next). They are the screen's own texts (activity.json, users.json,
 * common.json), which activity-csv.test.ts holds them to.
 */
export const activityCsvColumns = ['at', 'actor', 'action', 'type', 'concerns', 'change'] as const;
type ActivityCsvColumn = (typeof activityCsvColumns)[number];
type ActivityField = (typeof activityFields)[number];

type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export const activityCsvHeaders: Texts<ActivityCsvColumn> = {
  en: { at: 'When', actor: 'Who', action: 'Action', type: 'Type', concerns: 'Concerns', change: 'Change' },
  lv: { at: 'Kad', actor: 'Kas', action: 'Darbība', type: 'Veids', concerns: 'Attiecas uz', change: 'Izmaiņa' },
  ru: { at: 'Когда', actor: 'Кто', action: 'Действие', type: 'Тип', concerns: 'Касается', change: 'Изменение' },
};

export const activityActionTexts: Texts<ActivityAction> = {
  en: {
    'employee.add': 'User added, card ordered',
    'phone.change': 'Phone changed',
    'limits.change': 'Limits changed',
    'card.activate': 'Card activated',
    'card.block': 'Card blocked',
    'card.unblock': 'Card unblocked',
    'card.close': 'Card closed',
    'card.replace': 'Card replaced',
    'card.terminate': 'Product terminated',
    'card.status': 'Card status changed',
    'issuer.card.delivered': 'Card delivered (issuer)',
    'issuer.card.suspended': 'Card suspended (issuer)',
    'issuer.card.blocked': 'Card blocked (issuer)',
    'issuer.card.reactivated': 'Card reactivated (issuer)',
    'issuer.card.expired': 'Card expired (issuer)',
    'issuer.card.removed': 'Card removed (issuer)',
    'device.block': 'App access blocked',
    'device.unblock': 'App access unblocked',
    'device.sign_in': 'Signed in to the card page',
    'device.sign_in_locked': 'Card page sign-in locked after too many wrong codes',
    'device.sign_in_unlocked': 'Card page sign-in lock lifted',
    'funds.add': 'Funds added',
    'fundingSchedule.create': 'Scheduled funding created',
    'fundingSchedule.update': 'Scheduled funding changed',
    'fundingSchedule.pause': 'Scheduled funding paused',
    'fundingSchedule.resume': 'Scheduled funding resumed',
    'fundingSchedule.delete': 'Scheduled funding deleted',
    'fundingSchedule.run': 'Scheduled funding run started',
    'fundingSchedule.refused': 'Scheduled funding run refused: balance too low',
    'main_account.top_up': 'Main account topped up',
    'fee.monthly': 'Monthly card fee charged',
    'lowBalance.threshold': 'Low-balance alert threshold set',
    'authorization.approved': 'Card payment approved',
    'authorization.settled': 'Card payment settled',
    'authorization.reversed': 'Card payment reversed',
    'authorization.expired': 'Card payment hold expired',
    'apiKey.create': 'API key created',
    'apiKey.revoke': 'API key revoked',
  },
  lv: {
    'employee.add': 'Lietotājs pievienots, karte pasūtīta',
    'phone.change': 'Tālrunis nomainīts',
    'limits.change': 'Limiti mainīti',
    'card.activate': 'Karte aktivizēta',
    'card.block': 'Karte bloķēta',
    'card.unblock': 'Karte atbloķēta',
    'card.close': 'Karte slēgta',
    'card.replace': 'Karte aizstāta',
    'card.terminate': 'Produkts izbeigts',
    'card.status': 'Kartes statuss mainīts',
    'issuer.card.delivered': 'Karte piegādāta (izdevējs)',
    'issuer.card.suspended': 'Karte apturēta (izdevējs)',
    'issuer.card.blocked': 'Karte bloķēta (izdevējs)',
    'issuer.card.reactivated': 'Karte atjaunota (izdevējs)',
    'issuer.card.expired': 'Kartes derīgums beidzies (izdevējs)',
    'issuer.card.removed': 'Karte noņemta (izdevējs)',
    'device.block': 'Piekļuve lietotnei bloķēta',
    'device.unblock': 'Piekļuve lietotnei atbloķēta',
    'device.sign_in': 'Pieslēdzies kartes lapai',
    'device.sign_in_locked': 'Pieslēgšanās kartes lapai bloķēta pēc pārāk daudziem nepareiziem kodiem',
    'device.sign_in_unlocked': 'Pieslēgšanās kartes lapai atbloķēta',
    'funds.add': 'Līdzekļi pieskaitīti',
    'fundingSchedule.create': 'Plānotā papildināšana izveidota',
    'fundingSchedule.update': 'Plānotā papildināšana mainīta',
    'fundingSchedule.pause': 'Plānotā papildināšana apturēta',
    'fundingSchedule.resume': 'Plānotā papildināšana atsākta',
    'fundingSchedule.delete': 'Plānotā papildināšana dzēsta',
    'fundingSchedule.run': 'Plānotās papildināšanas izpilde sākta',
    'fundingSchedule.refused': 'Plānotās papildināšanas izpilde atteikta: par mazu atlikums',
    'main_account.top_up': 'Pamatkonts papildināts',
    'fee.monthly': 'Ieturēta ikmēneša kartes maksa',
    'lowBalance.threshold': 'Iestatīts zema atlikuma brīdinājuma slieksnis',
    'authorization.approved': 'Kartes maksājums apstiprināts',
    'authorization.settled': 'Kartes maksājums norēķināts',
    'authorization.reversed': 'Kartes maksājums atcelts',
    'authorization.expired': 'Kartes maksājuma rezervācija beigusies',
    'apiKey.create': 'API atslēga izveidota',
    'apiKey.revoke': 'API atslēga atsaukta',
  },
  ru: {
    'employee.add': 'Пользователь добавлен, карта заказана',
    'phone.change': 'Телефон изменён',
    'limits.change': 'Лимиты изменены',
    'card.activate': 'Карта активирована',
    'card.block': 'Карта заблокирована',
    'card.unblock': 'Карта разблокирована',
    'card.close': 'Карта закрыта',
    'card.replace': 'Карта заменена',
    'card.terminate': 'Продукт прекращён',
    'card.status': 'Статус карты изменён',
    'issuer.card.delivered': 'Карта доставлена (эмитент)',
    'issuer.card.suspended': 'Карта приостановлена (эмитент)',
    'issuer.card.blocked': 'Карта заблокирована (эмитентом)',
    'issuer.card.reactivated': 'Карта возобновлена (эмитент)',
    'issuer.card.expired': 'Срок карты истёк (эмитент)',
    'issuer.card.removed': 'Карта удалена (эмитент)',
    'device.block': 'Доступ к приложению заблокирован',
    'device.unblock': 'Доступ к приложению разблокирован',
    'device.sign_in': 'Вход на страницу карты',
    'device.sign_in_locked': 'Вход на страницу карты заблокирован после слишком многих неверных кодов',
    'device.sign_in_unlocked': 'Блокировка входа на страницу карты снята',
    'funds.add': 'Средства зачислены',
    'fundingSchedule.create': 'Плановое пополнение создано',
    'fundingSchedule.update': 'Плановое пополнение изменено',
    'fundingSchedule.pause': 'Плановое пополнение приостановлено',
    'fundingSchedule.resume': 'Плановое пополнение возобновлено',
    'fundingSchedule.delete': 'Плановое пополнение удалено',
    'fundingSchedule.run': 'Выполнение планового пополнения начато',
    'fundingSchedule.refused': 'Выполнение планового пополнения отклонено: мало средств',
    'main_account.top_up': 'Основной счёт пополнен',
    'fee.monthly': 'Списана ежемесячная плата за карту',
    'lowBalance.threshold': 'Задан порог уведомления о низком балансе',
    'authorization.approved': 'Платёж картой одобрен',
    'authorization.settled': 'Платёж картой проведён',
    'authorization.reversed': 'Платёж картой отменён',
    'authorization.expired': 'Резерв платежа картой истёк',
    'apiKey.create': 'API-ключ создан',
    'apiKey.revoke': 'API-ключ отозван',
  },
};

/** An action no label names yet (written after this list): its code, so nothing is hidden. */
export const unknownActionTexts: Readonly<Record<Language, string>> = { en: 'Other action', lv: 'Cita darbība', ru: 'Другое действие' };

export const activityTypeTexts: Texts<ActivityType> = {
  en: { cards: 'Cards', app_access: 'App access', employees: 'User details', funding: 'Funding', account: 'Main account and fees', card_payments: 'Card payments', integrations: 'API keys', other: 'Other' },
  lv: { cards: 'Kartes', app_access: 'Piekļuve lietotnei', employees: 'Lietotāju dati', funding: 'Finansēšana', account: 'Pamatkonts un maksas', card_payments: 'Kartes maksājumi', integrations: 'API atslēgas', other: 'Cits' },
  ru: { cards: 'Карты', app_access: 'Доступ к приложению', employees: 'Данные пользователей', funding: 'Пополнения', account: 'Основной счёт и платы', card_payments: 'Платежи картой', integrations: 'API-ключи', other: 'Другое' },
};

/** Who acted, standing alone (the filter's options, a row without a name). */
export const activityActorTexts: Texts<ActivityActor> = {
  en: { company_user: 'Company user', admin: 'Provider admin', employee: 'Employee (card page)', system: 'System', api_key: 'API key' },
  lv: { company_user: 'Uzņēmuma lietotājs', admin: 'Izdevēja administrators', employee: 'Darbinieks (kartes lapa)', system: 'Sistēma', api_key: 'API atslēga' },
  ru: { company_user: 'Пользователь компании', admin: 'Администратор эмитента', employee: 'Сотрудник (страница карты)', system: 'Система', api_key: 'API-ключ' },
};

export const activityTargetTexts: Texts<ActivityTarget> = {
  en: { company: 'Company', account: 'Main account', funding: 'Funding', integrations: 'API key' },
  lv: { company: 'Uzņēmums', account: 'Pamatkonts', funding: 'Finansēšana', integrations: 'API atslēga' },
  ru: { company: 'Компания', account: 'Основной счёт', funding: 'Пополнение', integrations: 'API-ключ' },
};

export const activityFieldTexts: Texts<ActivityField> = {
  en: {
    name: 'Name', surname: 'Surname', phone: 'Phone', cardStatus: 'Card', deviceStatus: 'App access', cardAccountStatus: 'Card account', status: 'Status',
    limitCents: 'Monthly limit', annualLimitCents: 'Annual limit', mccGroups: 'Merchant groups', amountCents: 'Amount', balanceCents: 'Balance',
    reservedCents: 'Reserved', spentCents: 'Spent', releasedCents: 'Released', feeCents: 'Fee', replacementFeeCents: 'Replacement fee',
    monthlyFeeCents: 'Monthly fee', month: 'Month', bookingDate: 'Booking date', bankTransactionId: 'Bank transaction', matchedBy: 'Matched by',
    scopes: 'Scopes', revokedAt: 'Revoked', reason: 'Reason', city: 'City', country: 'Country', rows: 'Rows', state: 'State', nextRunDate: 'Next run', thresholdCents: 'Alert threshold', runDate: 'Run date', totalCents: 'Total', availableCents: 'Available', employeeCount: 'Users', dayOfMonth: 'Day of the month', onceDate: 'Date',
  },
  lv: {
    name: 'Vārds', surname: 'Uzvārds', phone: 'Tālrunis', cardStatus: 'Karte', deviceStatus: 'Piekļuve lietotnei', cardAccountStatus: 'Kartes konts', status: 'Statuss',
    limitCents: 'Mēneša limits', annualLimitCents: 'Gada limits', mccGroups: 'Tirgotāju grupas', amountCents: 'Summa', balanceCents: 'Atlikums',
    reservedCents: 'Rezervēts', spentCents: 'Iztērēts', releasedCents: 'Atbrīvots', feeCents: 'Maksa', replacementFeeCents: 'Nomaiņas maksa',
    monthlyFeeCents: 'Ikmēneša maksa', month: 'Mēnesis', bookingDate: 'Grāmatošanas datums', bankTransactionId: 'Bankas darījums', matchedBy: 'Sasaistīts pēc',
    scopes: 'Tiesības', revokedAt: 'Atsaukta', reason: 'Iemesls', city: 'Pilsēta', country: 'Valsts', rows: 'Rindas', state: 'Stāvoklis', nextRunDate: 'Nākamā izpilde', thresholdCents: 'Brīdinājuma slieksnis', runDate: 'Izpildes datums', totalCents: 'Kopā', availableCents: 'Pieejams', employeeCount: 'Lietotāji', dayOfMonth: 'Mēneša diena', onceDate: 'Datums',
  },
  ru: {
    name: 'Имя', surname: 'Фамилия', phone: 'Телефон', cardStatus: 'Карта', deviceStatus: 'Доступ к приложению', cardAccountStatus: 'Карточный счёт', status: 'Статус',
    limitCents: 'Месячный лимит', annualLimitCents: 'Годовой лимит', mccGroups: 'Группы продавцов', amountCents: 'Сумма', balanceCents: 'Баланс',
    reservedCents: 'Зарезервировано', spentCents: 'Потрачено', releasedCents: 'Освобождено', feeCents: 'Плата', replacementFeeCents: 'Плата за замену',
    monthlyFeeCents: 'Ежемесячная плата', month: 'Месяц', bookingDate: 'Дата проводки', bankTransactionId: 'Банковская операция', matchedBy: 'Сопоставлено по',
    scopes: 'Права', revokedAt: 'Отозван', reason: 'Причина', city: 'Город', country: 'Страна', rows: 'Строки', state: 'Состояние', nextRunDate: 'Следующий запуск', thresholdCents: 'Порог уведомления', runDate: 'Дата выполнения', totalCents: 'Всего', availableCents: 'Доступно', employeeCount: 'Пользователи', dayOfMonth: 'День месяца', onceDate: 'Дата',
  },
};

/** users.json's deviceStatus and cardAccountStatus (the other statuses are report-csv.ts's). */
export const deviceStatusTexts: Texts<DeviceStatus> = {
  en: { created: 'Not set up', active: 'Active', blocked: 'Blocked', removed: 'Removed' },
  lv: { created: 'Nav iestatīta', active: 'Aktīva', blocked: 'Bloķēta', removed: 'Noņemta' },
  ru: { created: 'Не настроен', active: 'Активен', blocked: 'Заблокирован', removed: 'Удалён' },
};
export const cardAccountStatusTexts: Texts<CardAccountStatus> = {
  en: { active: 'Active', inactive: 'Inactive' },
  lv: { active: 'Aktīvs', inactive: 'Neaktīvs' },
  ru: { active: 'Активен', inactive: 'Неактивен' },
};

/** common.json's merchantGroups. */
export const merchantGroupTexts: Texts<MerchantCategoryGroup> = {
  en: { groceries: 'Groceries', restaurants: 'Restaurants and cafés', transport: 'Transport', fuel: 'Fuel', health: 'Health and pharmacy', leisure: 'Leisure and sport', education: 'Education and books' },
  lv: { groceries: 'Pārtikas preces', restaurants: 'Restorāni un kafejnīcas', transport: 'Transports', fuel: 'Degviela', health: 'Veselība un aptiekas', leisure: 'Atpūta un sports', education: 'Izglītība un grāmatas' },
  ru: { groceries: 'Продукты', restaurants: 'Рестораны и кафе', transport: 'Транспорт', fuel: 'Топливо', health: 'Здоровье и аптеки', leisure: 'Досуг и спорт', education: 'Образование и книги' },
};

/** Looks a text up by a value the record holds as a plain string (a status it wrote), its own value when unknown. */
function textOf<K extends string>(texts: Readonly<Record<K, string>>, value: string): string {
  return (texts as Readonly<Record<string, string>>)[value] ?? value;
}

export function activityCsvHeader(lang: Language): string[] {
  return activityCsvColumns.map((column) => activityCsvHeaders[lang][column]);
}

/** A row's cells in activityCsvColumns' order: what the screen shows, as text in the file's language. */
export function activityCsvRow(row: ActivityRow, lang: Language): string[] {
  const actor = activityActorText(row.actor, (kind, alone) => (alone ? activityActorTexts : statusChangerTexts)[lang][kind]);
  const action = isKnownAction(row.action) ? activityActionTexts[lang][row.action] : `${unknownActionTexts[lang]} (${row.action})`;
  const about = activityConcerns(row);
  const concerns = 'employee' in about ? (about.employee.name ?? about.employee.employeeId) : `${activityTargetTexts[lang][about.target]}${about.name ? ` ‘${about.name}’` : ''}`;
  const change = activityChangeLines(row.before, row.after, {
    field: (field) => textOf<ActivityField>(activityFieldTexts[lang], field),
    money: (cents: number) => formatEur(cents, lang),
    dateTime: (iso: string) => formatDate(iso, { withTime: true }),
    label: (kind, value) => {
      switch (kind) {
        case 'cardStatus':
          return textOf<CardStatus>(cardStatusTexts[lang], value);
        case 'deviceStatus':
          return textOf<DeviceStatus>(deviceStatusTexts[lang], value);
        case 'cardAccountStatus':
          return textOf<CardAccountStatus>(cardAccountStatusTexts[lang], value);
        case 'employeeStatus':
          return textOf<EmployeeStatus>(employeeStatusTexts[lang], value);
        case 'merchantGroup':
          return textOf<MerchantCategoryGroup>(merchantGroupTexts[lang], value);
      }
    },
  }).join('; ');
  return [formatDate(row.at, { withTime: true }), actor, action, activityTypeTexts[lang][row.type], concerns, change];
}
