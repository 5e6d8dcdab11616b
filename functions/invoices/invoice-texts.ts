import type { InvoiceKind, InvoiceLineKind } from '@shared/invoices';
import type { Language } from '@shared/languages';
import { intlLocale } from '@shared/money';

/** What an invoice's and a credit note's PDF says, in the company's language (the exemption's words are the configuration's). */
export interface InvoicePdfTexts {
  title: Record<InvoiceKind, string>;
  /** "Nr." before the number. */
  numberMark: string;
  issueDate: string;
  period: string;
  seller: string;
  buyer: string;
  registrationNumber: string;
  vatNumber: string;
  address: string;
  bank: string;
  account: string;
  bic: string;
  columns: { position: string; description: string; quantity: string; unitPrice: string; amount: string };
  lines: Record<InvoiceLineKind, string>;
  netTotal: string;
  vat: (ratePercent: string) => string;
  total: string;
  creditTotal: string;
  corrects: (number: string, date: string) => string;
  reason: string;
  charged: string;
  due: string;
  /** Everything was charged to the main account: nothing is due (no VAT, or an exemption). */
  paid: string;
  /** The fees were charged without VAT: the VAT is due by transfer. */
  vatDue: string;
  creditReduces: (number: string) => string;
  electronic: string;
}

export const invoicePdfTexts: Readonly<Record<Language, InvoicePdfTexts>> = {
  lv: {
    title: { invoice: 'Rēķins', credit_note: 'Kredītrēķins' },
    numberMark: 'Nr.',
    issueDate: 'Izrakstīšanas datums',
    period: 'Periods',
    seller: 'Pakalpojumu sniedzējs',
    buyer: 'Pakalpojumu saņēmējs',
    registrationNumber: 'Reģistrācijas Nr.',
    vatNumber: 'PVN maksātāja Nr.',
    address: 'Juridiskā adrese',
    bank: 'Banka',
    account: 'Konts (IBAN)',
    bic: 'SWIFT/BIC',
    columns: { position: 'Nr.', description: 'Apraksts', quantity: 'Daudzums', unitPrice: 'Cena, EUR', amount: 'Summa, EUR' },
    lines: { monthly_fee: 'Kartes ikmēneša apkalpošanas maksa', replacement_fee: 'Kartes nomaiņas maksa' },
    netTotal: 'Summa bez PVN',
    vat: (rate) => `PVN ${rate} %`,
    total: 'Kopā, EUR',
    creditTotal: 'Kopā kreditēts, EUR',
    corrects: (number, date) => `Koriģē rēķinu Nr. ${number} (${date})`,
    reason: 'Iemesls',
    charged: 'Ieturēts no pamatkonta',
    due: 'Apmaksai, EUR',
    paid: 'Maksas ir ieturētas no uzņēmuma pamatkonta portālā to iekasēšanas dienās. Apmaksa nav jāveic.',
    vatDue: 'Maksas bez PVN ir ieturētas no uzņēmuma pamatkonta portālā to iekasēšanas dienās. PVN summu lūdzam samaksāt uz norādīto kontu, maksājuma mērķī norādot rēķina numuru.',
    creditReduces: (number) => `Kredītrēķins samazina rēķina Nr. ${number} summu par norādīto summu.`,
    electronic: 'Dokuments sagatavots elektroniski un ir derīgs bez paraksta.',
  },
  en: {
    title: { invoice: 'Invoice', credit_note: 'Credit note' },
    numberMark: 'No.',
    issueDate: 'Date of issue',
    period: 'Period',
    seller: 'Supplier',
    buyer: 'Customer',
    registrationNumber: 'Registration No.',
    vatNumber: 'VAT No.',
    address: 'Legal address',
    bank: 'Bank',
    account: 'Account (IBAN)',
    bic: 'SWIFT/BIC',
    columns: { position: 'No.', description: 'Description', quantity: 'Quantity', unitPrice: 'Price, EUR', amount: 'Amount, EUR' },
    lines: { monthly_fee: 'Monthly card maintenance fee', replacement_fee: 'Card replacement fee' },
    netTotal: 'Total excluding VAT',
    vat: (rate) => `VAT ${rate}%`,
    total: 'Total, EUR',
    creditTotal: 'Total credited, EUR',
    corrects: (number, date) => `Corrects invoice No. ${number} of ${date}`,
    reason: 'Reason',
    charged: 'Charged to the main account',
    due: 'Amount due, EUR',
    paid: "The fees were charged to the company's main account in the portal on the days they fell due. Nothing is to be paid.",
    vatDue: "The fees without VAT were charged to the company's main account in the portal on the days they fell due. Please pay the VAT to the account above, with the invoice number as the payment reference.",
    creditReduces: (number) => `This credit note reduces invoice No. ${number} by the amount shown.`,
    electronic: 'This document was prepared electronically and is valid without a signature.',
  },
  ru: {
    title: { invoice: 'Счёт', credit_note: 'Кредитовый счёт' },
    numberMark: '№',
    issueDate: 'Дата выставления',
    period: 'Период',
    seller: 'Поставщик услуг',
    buyer: 'Получатель услуг',
    registrationNumber: 'Рег. №',
    vatNumber: 'Рег. № плательщика НДС',
    address: 'Юридический адрес',
    bank: 'Банк',
    account: 'Расчётный счёт (IBAN)',
    bic: 'SWIFT/BIC',
    columns: { position: '№', description: 'Описание', quantity: 'Кол-во', unitPrice: 'Цена, EUR', amount: 'Сумма, EUR' },
    lines: { monthly_fee: 'Ежемесячная плата за обслуживание карты', replacement_fee: 'Плата за замену карты' },
    netTotal: 'Сумма без НДС',
    vat: (rate) => `НДС ${rate} %`,
    total: 'Итого, EUR',
    creditTotal: 'Итого кредитовано, EUR',
    corrects: (number, date) => `Корректирует счёт № ${number} от ${date}`,
    reason: 'Причина',
    charged: 'Списано с основного счёта',
    due: 'К оплате, EUR',
    paid: 'Платы списаны с основного счёта компании в портале в дни их начисления. Оплата не требуется.',
    vatDue: 'Платы без НДС списаны с основного счёта компании в портале в дни их начисления. Сумму НДС просим перечислить на указанный счёт, указав номер счёта в назначении платежа.',
    creditReduces: (number) => `Кредитовый счёт уменьшает сумму счёта № ${number} на указанную сумму.`,
    electronic: 'Документ составлен электронно и действителен без подписи.',
  },
};

/** Cents as the language writes an amount, without the currency sign (the columns name EUR): "1 234,56", "1,234.56". */
export function amountText(cents: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale[language], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100);
}

/** A VAT rate in basis points as the language writes a percentage's number: "21", "5,5". */
export function ratePercentText(basisPoints: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale[language], { maximumFractionDigits: 2 }).format(basisPoints / 100);
}

/** A YYYY-MM month by its name in the language: "2026. gada oktobris", "October 2026", "октябрь 2026 г.". */
export function monthName(month: string, language: Language): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, monthNumber - 1, 1));
}

/** A country by its name in the language (the invoice's address line), the code where none is known. */
export function countryNameIn(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([intlLocale[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The e-mail that tells owners and accountants an invoice or credit note was issued, with the link to Reporting > Invoices. */
export const invoiceMailTexts: Readonly<Record<Language, { subject: (kind: InvoiceKind, number: string) => string; text: (document: { kind: InvoiceKind; number: string; period: string; total: string; company: string }, link: string) => string }>> = {
  lv: {
    subject: (kind, number) => (kind === 'invoice' ? `Rēķins Nr. ${number}` : `Kredītrēķins Nr. ${number}`),
    text: (document, link) =>
      `Uzņēmumam ${document.company} izrakstīts ${document.kind === 'invoice' ? 'rēķins' : 'kredītrēķins'} Nr. ${document.number} (periods: ${document.period}), kopā EUR ${document.total}.\n\nPDF dokumentu varat lejupielādēt portāla sadaļā "Atskaites" > "Rēķini": ${link}`,
  },
  en: {
    subject: (kind, number) => (kind === 'invoice' ? `Invoice No. ${number}` : `Credit note No. ${number}`),
    text: (document, link) =>
      `${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} No. ${document.number} was issued to ${document.company} (period: ${document.period}), total EUR ${document.total}.\n\nDownload the PDF from the portal's Reporting > Invoices: ${link}`,
  },
  ru: {
    subject: (kind, number) => (kind === 'invoice' ? `Счёт № ${number}` : `Кредитовый счёт № ${number}`),
    text: (document, link) =>
      `Компании ${document.company} выставлен ${document.kind === 'invoice' ? 'счёт' : 'кредитовый счёт'} № ${document.number} (период: ${document.period}), итого EUR ${document.total}.\n\nPDF-документ можно скачать в разделе портала «Отчёты» > «Счета»: ${link}`,
  },
};
