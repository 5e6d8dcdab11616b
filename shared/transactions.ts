import * as z from 'zod/mini';
import { merchantCategoryGroupSchema } from './cards';
import { languageSchema } from './languages';
import { checkDayRange, dayRangeShape } from './day-range';
import { listQuerySchema, tableAnswerSchema } from './lists';
import { transactionStatuses } from './statuses';

/** SPEC section 3 "Transaction": one card payment of an employee, as the transactions list and its CSV show it. */
export const transactionRowSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  amountCents: z.int(),
  executedAt: z.string(),
  processedAt: z.nullable(z.string()),
  description: z.string(),
  merchantCategoryCode: z.string(),
  mccGroup: merchantCategoryGroupSchema,
  merchantId: z.string(),
  reference: z.string(),
  beneficiary: z.string(),
  remitter: z.string(),
  status: z.enum(transactionStatuses),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** `a,b` or a repeated parameter (API Gateway joins repeats with commas) as a list of merchant category groups. */
const groupList = /* @__PURE__ */ z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value)),
  z.array(merchantCategoryGroupSchema).check(z.maxLength(merchantCategoryGroupSchema.options.length)),
);

const filterShape = {
  search: listQuerySchema.shape.search,
  personalCode: z.optional(z.string().check(z.trim(), z.maxLength(20, { error: 'TEXT_TOO_LONG' }))),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(20, { error: 'TEXT_TOO_LONG' }))),
  mccGroups: z.optional(groupList),
  ...dayRangeShape,
};

/**
 * The transactions filters (SPEC sections 2 and 7): search (name, surname, personal code or phone), personal code,
 * phone, merchant category groups, and a date range no later than today; without a range the period (`dateLimit`,
 * 1y by default) counts back from today. The CSV download takes the same filters.
 */
export const transactionFiltersSchema = /* @__PURE__ */ z.object(filterShape).check(z.superRefine(checkDayRange));
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>;

export const transactionsQuerySchema = /* @__PURE__ */ z.extend(z.pick(listQuerySchema, { page: true, itemsPerPage: true }), filterShape).check(z.superRefine(checkDayRange));
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** The CSV download (SPEC section 7 `GET {downloadDataPath}`): the list's filters without a page, and the headers' language. */
export const transactionsExportQuerySchema = /* @__PURE__ */ z.object({ ...filterShape, lang: z._default(languageSchema, 'en') }).check(z.superRefine(checkDayRange));
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;

export const transactionsAnswerSchema = /* @__PURE__ */ tableAnswerSchema(transactionRowSchema);
export type TransactionsAnswer = z.infer<typeof transactionsAnswerSchema>;
