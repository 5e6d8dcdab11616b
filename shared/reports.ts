import * as z from 'zod/mini';
import { calendarDay, rigaDateOf } from './dates';
import { languageSchema } from './languages';
import { listQuerySchema, periods, tableAnswerSchema } from './lists';
import { reportStatuses } from './statuses';

/**
 * SPEC sections 2 and 3 "Reporting" and "Report": a company's reports, each a CSV the reports worker builds from one
 * type of data over one period of Riga days. Funding reports hold the refused rows of CSV funding too (SPEC section 4:
 * "Data on failed transfers will be available soon in the Reports section").
 */
export const reportTypes = ['transactions', 'funding', 'card_statuses', 'monthly_fees'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportTypeSchema = /* @__PURE__ */ z.enum(reportTypes);

/** Created time (epoch milliseconds, 13 digits) and a random part: ids sort as the reports were requested. */
export const reportIdSchema = /* @__PURE__ */ z.string().check(z.regex(/^\d{13}-[0-9a-f]{8}$/, { error: 'INVALID_VALUE' }));

/** The earliest day a report may start from ('Date is too early'). */
export const earliestReportDay = '2000-01-01';

const reportDay = calendarDay(z.string({ error: 'REQUIRED' }).check(z.minLength(1, { error: 'REQUIRED' })));

export const reportSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  type: reportTypeSchema,
  dateFrom: z.string(),
  dateTo: z.string(),
  /** ISO time of the request. */
  created: z.string(),
  status: z.enum(reportStatuses),
});
export type Report = z.infer<typeof reportSchema>;

/** The list: the shared list's page and size, and the period (by created time, 1y by default). */
export const reportsQuerySchema = /* @__PURE__ */ z.extend(z.pick(listQuerySchema, { page: true, itemsPerPage: true }), { dateLimit: z._default(z.enum(periods), '1y') });
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

export const reportsAnswerSchema = /* @__PURE__ */ tableAnswerSchema(reportSchema);
export type ReportsAnswer = z.infer<typeof reportsAnswerSchema>;

/** Generate: a type and a period of whole days, none after today; `lang` is the CSV's headers' and texts' language. */
export const generateReportSchema = /* @__PURE__ */ z.object({ type: reportTypeSchema, dateFrom: reportDay, dateTo: reportDay, lang: z._default(languageSchema, 'en') }).check(z.superRefine((value, context) => {
    const today = rigaDateOf(new Date());
    if (value.dateFrom < earliestReportDay) context.addIssue({ code: 'custom', path: ['dateFrom'], message: 'DATE_TOO_EARLY' });
    if (value.dateFrom > today) context.addIssue({ code: 'custom', path: ['dateFrom'], message: 'DATE_IN_FUTURE' });
    if (value.dateTo > today) context.addIssue({ code: 'custom', path: ['dateTo'], message: 'DATE_IN_FUTURE' });
    if (value.dateFrom > value.dateTo) context.addIssue({ code: 'custom', path: ['dateTo'], message: 'DATE_RANGE_REVERSED' });
  }));
export type GenerateReport = z.infer<typeof generateReportSchema>;

export const reportParamsSchema = /* @__PURE__ */ z.object({ reportId: reportIdSchema });

/** Delete selected: at most one page of the largest size. */
export const deleteReportsSchema = /* @__PURE__ */ z.object({ ids: z.array(reportIdSchema).check(
  z.minLength(1, { error: 'REQUIRED' }),
  z.maxLength(100),
) });
export type DeleteReports = z.infer<typeof deleteReportsSchema>;
export const deleteReportsAnswerSchema = /* @__PURE__ */ z.object({ deleted: z.int().check(z.nonnegative()) });
