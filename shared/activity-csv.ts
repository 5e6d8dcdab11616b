import { activityActorText, activityChangeLines, activityConcerns, isActivityValueKind, isKnownAction, type ActivityAction, type ActivityActor, type ActivityField, type ActivityRow, type ActivityTarget, type ActivityType, type ActivityValueTexts } from './activity';
import type { MerchantCategoryGroup } from './cards';
import { formatDate } from './dates';
import type { SignupStep } from './kyc';
import type { Language } from './languages';
import { formatEur } from './money';
import { cardStatusTexts, employeeStatusTexts, statusChangerTexts } from './report-csv';
import type { ReportType } from './reports';
import type { CompanyRole } from './roles';
import type { CardAccountStatus, CardStatus, DeviceStatus, EmployeeStatus } from './statuses';
import type { webhookEndpointStatuses } from './webhooks';
import type { ScheduleState } from './funding-schedules';
import type { ReplacementReason } from './cards';
import type { MatchedBy } from './top-ups';

/**
 * The activity log's CSV (issue 21): its columns with their headers, and the texts of what it names, in the three
 * languages (the exports worker has no i18next). They are the screen's own texts (activity.json, users.json,
 * common.json), which activity-csv.test.ts holds them to.
 */
export const activityCsvColumns = ['at', 'actor', 'action', 'type', 'concerns', 'change'] as const;
type ActivityCsvColumn = (typeof activityCsvColumns)[number];
type Texts<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export const activityCsvHeaders: Texts<ActivityCsvColumn> = {
  en: { at: 'When', actor: 'Who', action: 'Action', type: 'Type', concerns: 'Concerns', change: 'Change' },
  lv: { at: 'Kad', actor: 'Kas', action: 'Darbība', type: 'Veids', concerns: 'Attiecas uz', change: 'Izmaiņa' },
  ru: { at: 'Когда', actor: 'Кто', action: 'Действие', type: 'Тип', concerns: 'Касается', change: 'Изменение' },
};

export const activityActionTexts: Texts<ActivityAction> = {
  en: {
    'employee.add': 'User added, card ordered',
    'employee.import': 'Users imported from a file',
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
    'device.sign_out': 'Signed out of the card page',
    'funds.add': 'Funds added',
    'fundingFile.apply': 'Funding file applied',
    'fundingFile.retry': 'Funding file retried',
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
    'webhook.create': 'Webhook endpoint added',
    'webhook.update': 'Webhook endpoint changed',
    'webhook.delete': 'Webhook endpoint deleted',
    'webhook.rotate_secret': 'Webhook signing secret replaced',
    'webhook.redeliver': 'Webhook sent again',
    'webhook.test': 'Webhook test event sent',
    'prices.change': 'Price list changed',
    'team.invite': 'Team member invited',
    'team.invitation_resend': 'Invitation sent again',
    'team.join': 'Invitation accepted',
    'team.role_change': 'Team member\'s role changed',
    'team.remove': 'Team member removed',
    'user.sign_in': 'Signed in',
    'user.sign_out': 'Signed out',
    'user.sign_out_all': 'Signed out on all devices',
    'user.password_reset': 'Password reset',
    'user.email_confirmed': 'E-mail address confirmed',
    'user.phone_set': 'Sign-in phone set up',
    'company.sign_up': 'Company signed up',
    'application.save': 'Application step saved',
    'application.submit': 'Application submitted for review',
    'application.approve': 'Application approved',
    'application.reject': 'Application rejected',
    'application.return': 'Application returned for changes',
    'document.upload': 'Document uploaded',
    'document.delete': 'Document deleted',
    'chat.open': 'Support chat opened',
    'chat.close': 'Support chat closed',
    'chat.reopen': 'Support chat reopened',
    'report.request': 'Report requested',
    'report.delete': 'Report deleted',
    'export.request': 'CSV export requested',
    'invoice.issue': 'Invoice issued',
    'invoice.credit_note': 'Credit note issued',
    'approval.rules_change': 'Approval rules changed',
    'approval.request': 'Approval requested',
    'approval.approve': 'Request approved',
    'approval.reject': 'Request rejected',
    'approval.expire': 'Request expired',
  },
  lv: {
    'employee.add': 'Lietotājs pievienots, karte pasūtīta',
    'employee.import': 'Lietotāji importēti no faila',
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
    'device.sign_out': 'Izrakstījies no kartes lapas',
    'funds.add': 'Līdzekļi pieskaitīti',
    'fundingFile.apply': 'Finansēšanas fails izpildīts',
    'fundingFile.retry': 'Finansēšanas fails palaists atkārtoti',
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
    'webhook.create': 'Tīmekļa aizķeres galapunkts pievienots',
    'webhook.update': 'Tīmekļa aizķeres galapunkts mainīts',
    'webhook.delete': 'Tīmekļa aizķeres galapunkts dzēsts',
    'webhook.rotate_secret': 'Tīmekļa aizķeres parakstīšanas noslēpums nomainīts',
    'webhook.redeliver': 'Tīmekļa aizķere nosūtīta atkārtoti',
    'webhook.test': 'Nosūtīts tīmekļa aizķeres testa notikums',
    'prices.change': 'Cenrādis mainīts',
    'team.invite': 'Komandas dalībnieks uzaicināts',
    'team.invitation_resend': 'Uzaicinājums nosūtīts atkārtoti',
    'team.join': 'Uzaicinājums pieņemts',
    'team.role_change': 'Komandas dalībnieka loma mainīta',
    'team.remove': 'Komandas dalībnieks noņemts',
    'user.sign_in': 'Pieslēdzies',
    'user.sign_out': 'Izrakstījies',
    'user.sign_out_all': 'Izrakstījies visās ierīcēs',
    'user.password_reset': 'Parole atjaunota',
    'user.email_confirmed': 'E-pasta adrese apstiprināta',
    'user.phone_set': 'Pieslēgšanās tālrunis iestatīts',
    'company.sign_up': 'Uzņēmums reģistrējies',
    'application.save': 'Pieteikuma solis saglabāts',
    'application.submit': 'Pieteikums iesniegts izskatīšanai',
    'application.approve': 'Pieteikums apstiprināts',
    'application.reject': 'Pieteikums noraidīts',
    'application.return': 'Pieteikums atgriezts labošanai',
    'document.upload': 'Dokuments augšupielādēts',
    'document.delete': 'Dokuments dzēsts',
    'chat.open': 'Atbalsta sarakste atvērta',
    'chat.close': 'Atbalsta sarakste slēgta',
    'chat.reopen': 'Atbalsta sarakste atvērta no jauna',
    'report.request': 'Atskaite pieprasīta',
    'report.delete': 'Atskaite dzēsta',
    'export.request': 'CSV eksports pieprasīts',
    'invoice.issue': 'Izrakstīts rēķins',
    'invoice.credit_note': 'Izrakstīts kredītrēķins',
    'approval.rules_change': 'Apstiprināšanas noteikumi mainīti',
    'approval.request': 'Pieprasīts apstiprinājums',
    'approval.approve': 'Pieprasījums apstiprināts',
    'approval.reject': 'Pieprasījums noraidīts',
    'approval.expire': 'Pieprasījuma termiņš beidzies',
  },
  ru: {
    'employee.add': 'Пользователь добавлен, карта заказана',
    'employee.import': 'Пользователи импортированы из файла',
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
    'device.sign_out': 'Выход со страницы карты',
    'funds.add': 'Средства зачислены',
    'fundingFile.apply': 'Файл пополнения применён',
    'fundingFile.retry': 'Файл пополнения запущен повторно',
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
    'webhook.create': 'Адрес вебхука добавлен',
    'webhook.update': 'Адрес вебхука изменён',
    'webhook.delete': 'Адрес вебхука удалён',
    'webhook.rotate_secret': 'Секрет подписи вебхука заменён',
    'webhook.redeliver': 'Вебхук отправлен повторно',
    'webhook.test': 'Отправлено тестовое событие вебхука',
    'prices.change': 'Прейскурант изменён',
    'team.invite': 'Участник команды приглашён',
    'team.invitation_resend': 'Приглашение отправлено повторно',
    'team.join': 'Приглашение принято',
    'team.role_change': 'Роль участника команды изменена',
    'team.remove': 'Участник команды удалён',
    'user.sign_in': 'Вход в портал',
    'user.sign_out': 'Выход из портала',
    'user.sign_out_all': 'Выход на всех устройствах',
    'user.password_reset': 'Пароль сброшен',
    'user.email_confirmed': 'Адрес эл. почты подтверждён',
    'user.phone_set': 'Телефон для входа настроен',
    'company.sign_up': 'Компания зарегистрирована',
    'application.save': 'Шаг заявки сохранён',
    'application.submit': 'Заявка отправлена на проверку',
    'application.approve': 'Заявка одобрена',
    'application.reject': 'Заявка отклонена',
    'application.return': 'Заявка возвращена на доработку',
    'document.upload': 'Документ загружен',
    'document.delete': 'Документ удалён',
    'chat.open': 'Чат поддержки открыт',
    'chat.close': 'Чат поддержки закрыт',
    'chat.reopen': 'Чат поддержки открыт снова',
    'report.request': 'Отчёт запрошен',
    'report.delete': 'Отчёт удалён',
    'export.request': 'Экспорт CSV запрошен',
    'invoice.issue': 'Выставлен счёт',
    'invoice.credit_note': 'Выставлен кредитовый счёт',
    'approval.rules_change': 'Правила подтверждения изменены',
    'approval.request': 'Запрошено подтверждение',
    'approval.approve': 'Запрос подтверждён',
    'approval.reject': 'Запрос отклонён',
    'approval.expire': 'Срок запроса истёк',
  },
};

/** An action no label names yet (written after this list): its code, so nothing is hidden. */
export const unknownActionTexts: Readonly<Record<Language, string>> = { en: 'Other action', lv: 'Cita darbība', ru: 'Другое действие' };

export const activityTypeTexts: Texts<ActivityType> = {
  en: { cards: 'Cards', app_access: 'App access', employees: 'User details', funding: 'Funding', account: 'Main account and fees', card_payments: 'Card payments', integrations: 'API keys and webhooks', team: 'Team', sign_ins: 'Sign-ins', company: 'Company and application', support: 'Support', reports: 'Reports and exports', other: 'Other' },
  lv: { cards: 'Kartes', app_access: 'Piekļuve lietotnei', employees: 'Lietotāju dati', funding: 'Finansēšana', account: 'Pamatkonts un maksas', card_payments: 'Kartes maksājumi', integrations: 'API atslēgas un tīmekļa aizķeres', team: 'Komanda', sign_ins: 'Pieslēgšanās', company: 'Uzņēmums un pieteikums', support: 'Atbalsts', reports: 'Atskaites un eksporti', other: 'Cits' },
  ru: { cards: 'Карты', app_access: 'Доступ к приложению', employees: 'Данные пользователей', funding: 'Пополнения', account: 'Основной счёт и платы', card_payments: 'Платежи картой', integrations: 'API-ключи и вебхуки', team: 'Команда', sign_ins: 'Входы', company: 'Компания и заявка', support: 'Поддержка', reports: 'Отчёты и экспорт', other: 'Другое' },
};

/** Who acted, standing alone (the filter's options, a row without a name). */
export const activityActorTexts: Texts<ActivityActor> = {
  en: { company_user: 'Company user', admin: 'Card provider', employee: 'Employee (card page)', system: 'System', api_key: 'API key' },
  lv: { company_user: 'Uzņēmuma lietotājs', admin: 'Karšu nodrošinātājs', employee: 'Darbinieks (kartes lapa)', system: 'Sistēma', api_key: 'API atslēga' },
  ru: { company_user: 'Пользователь компании', admin: 'Поставщик карт', employee: 'Сотрудник (страница карты)', system: 'Система', api_key: 'API-ключ' },
};

export const activityTargetTexts: Texts<ActivityTarget> = {
  en: { company: 'Company', account: 'Main account', funding: 'Funding', integrations: 'API key', webhook: 'Webhook endpoint', member: 'Team member', document: 'Document', chat: 'Chat', report: 'Report', export: 'Export', invoice: 'Invoice' },
  lv: { company: 'Uzņēmums', account: 'Pamatkonts', funding: 'Finansēšana', integrations: 'API atslēga', webhook: 'Tīmekļa aizķeres galapunkts', member: 'Komandas dalībnieks', document: 'Dokuments', chat: 'Sarakste', report: 'Atskaite', export: 'Eksports', invoice: 'Rēķins' },
  ru: { company: 'Компания', account: 'Основной счёт', funding: 'Пополнение', integrations: 'API-ключ', webhook: 'Адрес вебхука', member: 'Участник команды', document: 'Документ', chat: 'Чат', report: 'Отчёт', export: 'Экспорт', invoice: 'Счёт' },
};

export const activityFieldTexts: Texts<ActivityField> = {
  en: {
    name: 'Name', surname: 'Surname', phone: 'Phone', cardStatus: 'Card', deviceStatus: 'App access', cardAccountStatus: 'Card account', status: 'Status',
    limitCents: 'Monthly limit', annualLimitCents: 'Annual limit', mccGroups: 'Merchant groups', amountCents: 'Amount', balanceCents: 'Balance',
    reservedCents: 'Reserved', spentCents: 'Spent', releasedCents: 'Released', feeCents: 'Fee', replacementFeeCents: 'Replacement fee',
    monthlyFeeCents: 'Monthly fee', month: 'Month', invoiceNumber: 'Document No.', creditedInvoiceNumber: 'Invoice corrected', netCents: 'Amount excluding VAT', vatCents: 'VAT', bookingDate: 'Booking date', bankTransactionId: 'Bank transaction', matchedBy: 'Matched by',
    scopes: 'Scopes', revokedAt: 'Revoked', reason: 'Reason', city: 'City', country: 'Country', rows: 'Rows', state: 'State', nextRunDate: 'Next run', thresholdCents: 'Alert threshold', runDate: 'Run date', totalCents: 'Total', availableCents: 'Available', employeeCount: 'Users', dayOfMonth: 'Day of the month', onceDate: 'Date',
    signInLockedUntil: 'Sign-in locked until', email: 'E-mail', role: 'Role', step: 'Step', comment: 'Comment', fileName: 'File', subject: 'Subject', reportType: 'Report', dateFrom: 'From', dateTo: 'To', url: 'URL', events: 'Events', webhookStatus: 'Status', signedInAt: 'Signed in at', scheduleName: 'Scheduled funding', alertRecipients: 'Alert e-mailed to', expiryDays: 'Days to decide', perDayCents: 'Approval amount per day',
  },
  lv: {
    name: 'Vārds', surname: 'Uzvārds', phone: 'Tālrunis', cardStatus: 'Karte', deviceStatus: 'Piekļuve lietotnei', cardAccountStatus: 'Kartes konts', status: 'Statuss',
    limitCents: 'Mēneša limits', annualLimitCents: 'Gada limits', mccGroups: 'Tirgotāju grupas', amountCents: 'Summa', balanceCents: 'Atlikums',
    reservedCents: 'Rezervēts', spentCents: 'Iztērēts', releasedCents: 'Atbrīvots', feeCents: 'Maksa', replacementFeeCents: 'Nomaiņas maksa',
    monthlyFeeCents: 'Ikmēneša maksa', month: 'Mēnesis', invoiceNumber: 'Dokumenta Nr.', creditedInvoiceNumber: 'Koriģētais rēķins', netCents: 'Summa bez PVN', vatCents: 'PVN', bookingDate: 'Grāmatošanas datums', bankTransactionId: 'Bankas darījums', matchedBy: 'Sasaistīts pēc',
    scopes: 'Tiesības', revokedAt: 'Atsaukta', reason: 'Iemesls', city: 'Pilsēta', country: 'Valsts', rows: 'Rindas', state: 'Stāvoklis', nextRunDate: 'Nākamā izpilde', thresholdCents: 'Brīdinājuma slieksnis', runDate: 'Izpildes datums', totalCents: 'Kopā', availableCents: 'Pieejams', employeeCount: 'Lietotāji', dayOfMonth: 'Mēneša diena', onceDate: 'Datums',
    signInLockedUntil: 'Pieslēgšanās bloķēta līdz', email: 'E-pasts', role: 'Loma', step: 'Solis', comment: 'Komentārs', fileName: 'Fails', subject: 'Tēma', reportType: 'Atskaite', dateFrom: 'No', dateTo: 'Līdz', url: 'URL', events: 'Notikumi', webhookStatus: 'Statuss', signedInAt: 'Pieslēdzās', scheduleName: 'Plānotais finansējums', alertRecipients: 'Brīdinājuma saņēmēji', expiryDays: 'Dienas lēmumam', perDayCents: 'Apstiprināšanas summa dienā',
  },
  ru: {
    name: 'Имя', surname: 'Фамилия', phone: 'Телефон', cardStatus: 'Карта', deviceStatus: 'Доступ к приложению', cardAccountStatus: 'Карточный счёт', status: 'Статус',
    limitCents: 'Месячный лимит', annualLimitCents: 'Годовой лимит', mccGroups: 'Группы продавцов', amountCents: 'Сумма', balanceCents: 'Баланс',
    reservedCents: 'Зарезервировано', spentCents: 'Потрачено', releasedCents: 'Освобождено', feeCents: 'Плата', replacementFeeCents: 'Плата за замену',
    monthlyFeeCents: 'Ежемесячная плата', month: 'Месяц', invoiceNumber: '№ документа', creditedInvoiceNumber: 'Исправленный счёт', netCents: 'Сумма без НДС', vatCents: 'НДС', bookingDate: 'Дата проводки', bankTransactionId: 'Банковская операция', matchedBy: 'Сопоставлено по',
    scopes: 'Права', revokedAt: 'Отозван', reason: 'Причина', city: 'Город', country: 'Страна', rows: 'Строки', state: 'Состояние', nextRunDate: 'Следующий запуск', thresholdCents: 'Порог уведомления', runDate: 'Дата выполнения', totalCents: 'Всего', availableCents: 'Доступно', employeeCount: 'Пользователи', dayOfMonth: 'День месяца', onceDate: 'Дата',
    signInLockedUntil: 'Вход заблокирован до', email: 'Эл. почта', role: 'Роль', step: 'Шаг', comment: 'Комментарий', fileName: 'Файл', subject: 'Тема', reportType: 'Отчёт', dateFrom: 'С', dateTo: 'По', url: 'URL', events: 'События', webhookStatus: 'Статус', signedInAt: 'Время входа', scheduleName: 'Плановое пополнение', alertRecipients: 'Получатели оповещения', expiryDays: 'Дней на решение', perDayCents: 'Сумма подтверждения в день',
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

/** activity.json's `values`: a member's role, an onboarding step, a report's type, a webhook endpoint's state. */
export const activityValueTexts: Readonly<
  Record<
    Language,
    {
      memberRole: Readonly<Record<CompanyRole, string>>;
      onboardingStep: Readonly<Record<SignupStep, string>>;
      reportType: Readonly<Record<ReportType, string>>;
      webhookStatus: Readonly<Record<(typeof webhookEndpointStatuses)[number], string>>;
      scheduleState: Readonly<Record<ScheduleState, string>>;
      replacementReason: Readonly<Record<ReplacementReason, string>>;
      matchedBy: Readonly<Record<MatchedBy, string>>;
      /** By scope with `_` for `:` (i18next reads `:` as a namespace's end). */
      apiScope: Readonly<Record<'employees_read' | 'employees_write' | 'money_write' | 'reports_read', string>>;
    }
  >
> = {
  en: {
    memberRole: { owner: 'Owner', manager: 'Manager', accountant: 'Accountant' },
    onboardingStep: { general: 'General information', representatives: 'Representatives', owners: 'Owners', true_beneficiary: 'True beneficiary', political_importance: 'Political importance', financial_information: 'Financial information' },
    reportType: { transactions: 'Transactions', funding: 'Funding', card_statuses: 'Card statuses', monthly_fees: 'Monthly fees and balances' },
    webhookStatus: { enabled: 'Enabled', disabled: 'Disabled' },
    scheduleState: { active: 'Active', paused: 'Paused', finished: 'Finished', awaiting_approval: 'Waiting for approval' },
    replacementReason: { lost: 'Lost', stolen: 'Stolen', damaged: 'Damaged', expired: 'Expired' },
    matchedBy: { reference: 'Payment reference', iban: 'Top-up IBAN', manual: 'Assigned by the card provider' },
    apiScope: { employees_read: 'Read employees and transactions', employees_write: 'Manage employees and cards', money_write: 'Move money', reports_read: 'Read reports' },
  },
  lv: {
    memberRole: { owner: 'Īpašnieks', manager: 'Vadītājs', accountant: 'Grāmatvedis' },
    onboardingStep: { general: 'Vispārīgā informācija', representatives: 'Pārstāvji', owners: 'Īpašnieki', true_beneficiary: 'Patiesais labuma guvējs', political_importance: 'Politiskā ietekme', financial_information: 'Finanšu informācija' },
    reportType: { transactions: 'Darījumi', funding: 'Līdzekļu pārskaitījumi', card_statuses: 'Karšu statusi', monthly_fees: 'Mēneša maksas un atlikumi' },
    webhookStatus: { enabled: 'Iespējots', disabled: 'Atspējots' },
    scheduleState: { active: 'Aktīva', paused: 'Apturēta', finished: 'Pabeigta', awaiting_approval: 'Gaida apstiprinājumu' },
    replacementReason: { lost: 'Pazaudēta', stolen: 'Nozagta', damaged: 'Bojāta', expired: 'Beidzies derīgums' },
    matchedBy: { reference: 'Maksājuma mērķis', iban: 'Papildināšanas IBAN', manual: 'Piešķīris karšu nodrošinātājs' },
    apiScope: { employees_read: 'Lasīt darbiniekus un darījumus', employees_write: 'Pārvaldīt darbiniekus un kartes', money_write: 'Pārskaitīt naudu', reports_read: 'Lasīt atskaites' },
  },
  ru: {
    memberRole: { owner: 'Владелец', manager: 'Менеджер', accountant: 'Бухгалтер' },
    onboardingStep: { general: 'Общая информация', representatives: 'Представители', owners: 'Владельцы', true_beneficiary: 'Истинный бенефициар', political_importance: 'Политическая значимость', financial_information: 'Финансовая информация' },
    reportType: { transactions: 'Транзакции', funding: 'Пополнения', card_statuses: 'Статусы карт', monthly_fees: 'Ежемесячные платы и балансы' },
    webhookStatus: { enabled: 'Включён', disabled: 'Отключён' },
    scheduleState: { active: 'Активно', paused: 'Приостановлено', finished: 'Завершено', awaiting_approval: 'Ждёт подтверждения' },
    replacementReason: { lost: 'Утеряна', stolen: 'Украдена', damaged: 'Повреждена', expired: 'Истёк срок' },
    matchedBy: { reference: 'Назначение платежа', iban: 'IBAN пополнения', manual: 'Назначено поставщиком карт' },
    apiScope: { employees_read: 'Чтение сотрудников и операций', employees_write: 'Управление сотрудниками и картами', money_write: 'Перевод денег', reports_read: 'Чтение отчётов' },
  },
};

/** common.json's merchantGroups. */
export const merchantGroupTexts: Texts<MerchantCategoryGroup> = {
  en: { groceries: 'Groceries', restaurants: 'Restaurants and cafés', transport: 'Transport', fuel: 'Fuel', health: 'Health and pharmacy', leisure: 'Leisure and sport', education: 'Education and books' },
  lv: { groceries: 'Pārtikas preces', restaurants: 'Restorāni un kafejnīcas', transport: 'Transports', fuel: 'Degviela', health: 'Veselība un aptiekas', leisure: 'Atpūta un sports', education: 'Izglītība un grāmatas' },
  ru: { groceries: 'Продукты', restaurants: 'Рестораны и кафе', transport: 'Транспорт', fuel: 'Топливо', health: 'Здоровье и аптеки', leisure: 'Досуг и спорт', education: 'Образование и книги' },
};

/** A country code by its name in the language, as the screens name countries (Intl.DisplayNames); the code if unknown. */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Looks a text up by a value the record holds as a plain string (a status it wrote), its own value when unknown. */
function textOf<K extends string>(texts: Readonly<Record<K, string>>, value: string): string {
  return (texts as Readonly<Record<string, string>>)[value] ?? value;
}

export function activityCsvHeader(lang: Language): string[] {
  return activityCsvColumns.map((column) => activityCsvHeaders[lang][column]);
}

/** How the file names a change's fields and values in its language: the screen's texts, dates and euros. */
export function activityCsvValueTexts(lang: Language): ActivityValueTexts {
  return {
    field: (field) => textOf<ActivityField>(activityFieldTexts[lang], field),
    money: (cents: number) => formatEur(cents, lang),
    dateTime: (iso: string) => formatDate(iso, { withTime: true }),
    label: (kind, value) => {
      if (isActivityValueKind(kind)) return textOf<string>(activityValueTexts[lang][kind], value);
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
        case 'country':
          return countryName(value, lang);
      }
    },
  };
}

/** A row's cells in activityCsvColumns' order: what the screen shows, as text in the file's language. */
export function activityCsvRow(row: ActivityRow, lang: Language): string[] {
  const actor = activityActorText(row.actor, (kind, alone) => (alone ? activityActorTexts : statusChangerTexts)[lang][kind]);
  const action = isKnownAction(row.action) ? activityActionTexts[lang][row.action] : `${unknownActionTexts[lang]} (${row.action})`;
  const about = activityConcerns(row);
  const concerns = 'employee' in about ? (about.employee.name ?? about.employee.employeeId) : `${activityTargetTexts[lang][about.target]}${about.name ? ` ‘${about.name}’` : ''}`;
  const change = activityChangeLines(row.before, row.after, activityCsvValueTexts(lang)).join('; ');
  return [formatDate(row.at, { withTime: true }), actor, action, activityTypeTexts[lang][row.type], concerns, change];
}
