import type { RowFailureCode } from './funding';
import type { Language } from './languages';
import type { ReportType } from './reports';
import type { CardStatus, EmployeeStatus, StatusChanger } from './statuses';

/**
 * The reports' CSV files (SPEC section 2 "Reporting"), one per type: columns in order and their headers in the three
 * languages, and the texts of the values the worker translates (it has no i18next). The transactions report writes the
 * transactions export's columns (shared/transaction-csv.ts). The status and reason texts are the screens' own
 * (users.json, errors.json), which report-csv.test.ts holds them to.
 */
export const fundingReportColumns = ['date', 'employee', 'personalCode', 'amount', 'source', 'status', 'reason'] as const;
export const cardStatusReportColumns = ['name', 'surname', 'personalCode', 'phone', 'lastCardDigits', 'employeeStatus', 'cardStatus', 'changedBy', 'changedAt'] as const;
export const monthlyFeeReportColumns = ['month', 'employee', 'personalCode', 'fee', 'chargedAt', 'available', 'reserved', 'used'] as const;

export type FundingReportColumn = (typeof fundingReportColumns)[number];
export type CardStatusReportColumn = (typeof cardStatusReportColumns)[number];
export type MonthlyFeeReportColumn = (typeof monthlyFeeReportColumns)[number];

type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export const fundingReportHeaders: Texts<FundingReportColumn> = {
  en: { date: 'Date', employee: 'Employee', personalCode: 'Personal code', amount: 'Amount (EUR)', source: 'Source', status: 'Status', reason: 'Reason' },
  lv: { date: 'Datums', employee: 'Darbinieks', personalCode: 'Personas kods', amount: 'Summa (EUR)', source: 'Avots', status: 'Statuss', reason: 'Iemesls' },
  ru: { date: 'Дата', employee: 'Сотрудник', personalCode: 'Персональный код', amount: 'Сумма (EUR)', source: 'Источник', status: 'Статус', reason: 'Причина' },
};

export const cardStatusReportHeaders: Texts<CardStatusReportColumn> = {
  en: { name: 'Name', surname: 'Surname', personalCode: 'Personal code', phone: 'Phone', lastCardDigits: 'Card (last digits)', employeeStatus: 'User status', cardStatus: 'Card status', changedBy: 'Changed by', changedAt: 'Changed' },
  lv: { name: 'Vārds', surname: 'Uzvārds', personalCode: 'Personas kods', phone: 'Tālrunis', lastCardDigits: 'Karte (pēdējie cipari)', employeeStatus: 'Lietotāja statuss', cardStatus: 'Kartes statuss', changedBy: 'Mainījis', changedAt: 'Mainīts' },
  ru: { name: 'Имя', surname: 'Фамилия', personalCode: 'Персональный код', phone: 'Телефон', lastCardDigits: 'Карта (последние цифры)', employeeStatus: 'Статус пользователя', cardStatus: 'Статус карты', changedBy: 'Кем изменено', changedAt: 'Изменено' },
};

export const monthlyFeeReportHeaders: Texts<MonthlyFeeReportColumn> = {
  en: { month: 'Month', employee: 'Employee', personalCode: 'Personal code', fee: 'Monthly fee (EUR)', chargedAt: 'Charged', available: 'Available now (EUR)', reserved: 'Reserved now (EUR)', used: 'Used this month (EUR)' },
  lv: { month: 'Mēnesis', employee: 'Darbinieks', personalCode: 'Personas kods', fee: 'Mēneša maksa (EUR)', chargedAt: 'Iekasēts', available: 'Pieejams tagad (EUR)', reserved: 'Rezervēts tagad (EUR)', used: 'Izlietots šomēnes (EUR)' },
  ru: { month: 'Месяц', employee: 'Сотрудник', personalCode: 'Персональный код', fee: 'Ежемесячная плата (EUR)', chargedAt: 'Списано', available: 'Доступно сейчас (EUR)', reserved: 'Зарезервировано сейчас (EUR)', used: 'Использовано в этом месяце (EUR)' },
};

/** Where money given to an employee came from, and what became of it. */
export const fundingSourceTexts: Texts<'single' | 'file'> = {
  en: { single: 'Single transfer', file: 'CSV file' },
  lv: { single: 'Atsevišķs pārskaitījums', file: 'CSV fails' },
  ru: { single: 'Отдельный перевод', file: 'CSV-файл' },
};
export const fundingStatusTexts: Texts<'applied' | 'refused'> = {
  en: { applied: 'Applied', refused: 'Refused' },
  lv: { applied: 'Ieskaitīts', refused: 'Atteikts' },
  ru: { applied: 'Зачислено', refused: 'Отклонено' },
};

/** A refused funding row's reason: errors.json's text of its code. */
export const fundingReasonTexts: Texts<RowFailureCode> = {
  en: { FUNDING_USER_NOT_ACTIVE: "User doesn't exist or not active", FUNDS_NOT_ENOUGH: "Cannot transfer funds to employee's account. No enough balance on company's account.", FUNDS_TRANSFER_FAILED: 'Error occurred during funds transfer' },
  lv: { FUNDING_USER_NOT_ACTIVE: 'Lietotājs neeksistē vai nav aktīvs', FUNDS_NOT_ENOUGH: 'Nevar pārskaitīt līdzekļus uz darbinieka kontu. Uzņēmuma kontā nepietiek līdzekļu.', FUNDS_TRANSFER_FAILED: 'Līdzekļu pārskaitīšanas laikā radās kļūda' },
  ru: { FUNDING_USER_NOT_ACTIVE: 'Пользователь не существует или не активен', FUNDS_NOT_ENOUGH: 'Невозможно перевести средства на счёт сотрудника. На счёте компании недостаточно средств.', FUNDS_TRANSFER_FAILED: 'При переводе средств произошла ошибка' },
};

/** users.json's employeeStatus, cardStatus and changedBy. */
export const employeeStatusTexts: Texts<EmployeeStatus> = {
  en: { created: 'New', active: 'Active', non_active: 'Not active', closed_card: 'Card closed' },
  lv: { created: 'Jauns', active: 'Aktīvs', non_active: 'Neaktīvs', closed_card: 'Karte slēgta' },
  ru: { created: 'Новый', active: 'Активен', non_active: 'Не активен', closed_card: 'Карта закрыта' },
};
export const cardStatusTexts: Texts<CardStatus> = {
  en: { replaced_ordered: 'Replacement ordered', replaced_delivered: 'Replacement delivered', ordered: 'Ordered', delivered: 'Delivered', active: 'Active', soft_blocked: 'Blocked (temporarily)', suspended: 'Suspended', closed: 'Closed', removed: 'Removed', inactive: 'Inactive', stopped: 'Terminated', blocked: 'Blocked by the issuer', new: 'New', none: 'No card' },
  lv: { replaced_ordered: 'Aizstājēja pasūtīta', replaced_delivered: 'Aizstājēja piegādāta', ordered: 'Pasūtīta', delivered: 'Piegādāta', active: 'Aktīva', soft_blocked: 'Bloķēta (īslaicīgi)', suspended: 'Apturēta', closed: 'Slēgta', removed: 'Noņemta', inactive: 'Neaktīva', stopped: 'Izbeigta', blocked: 'Bloķējis izdevējs', new: 'Jauna', none: 'Nav kartes' },
  ru: { replaced_ordered: 'Замена заказана', replaced_delivered: 'Замена доставлена', ordered: 'Заказана', delivered: 'Доставлена', active: 'Активна', soft_blocked: 'Заблокирована (временно)', suspended: 'Приостановлена', closed: 'Закрыта', removed: 'Удалена', inactive: 'Неактивна', stopped: 'Прекращена', blocked: 'Заблокирована эмитентом', new: 'Новая', none: 'Нет карты' },
};
export const statusChangerTexts: Texts<StatusChanger> = {
  en: { employee: 'employee', admin: 'card provider', company_user: 'company user', system: 'system', api_key: 'API key' },
  lv: { employee: 'darbinieks', admin: 'karšu nodrošinātājs', company_user: 'uzņēmuma lietotājs', system: 'sistēma', api_key: 'API atslēga' },
  ru: { employee: 'сотрудник', admin: 'поставщик карт', company_user: 'пользователь компании', system: 'система', api_key: 'API-ключ' },
};

/**
 * Euros with two decimals (12.50). Written as text, which csvLine leaves alone since it starts with a digit; a
 * negative amount stays a number, so csvLine does not take its minus for a formula.
 */
export function euroCell(cents: number): string | number {
  const text = (cents / 100).toFixed(2);
  return cents < 0 ? Number(text) : text;
}

/** The name the browser saves a report under. */
export function reportFileName(report: { type: ReportType; dateFrom: string; dateTo: string }): string {
  return `${report.type}-${report.dateFrom}-${report.dateTo}.csv`;
}
