import * as z from 'zod/mini';

/** SPEC section 2 "Shared list behaviour" and section 9: page sizes, periods, and the table contract. */
export const pageSizes = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = 10;

export const periods = ['1y', '6m', '3m', '1m'] as const;
export type Period = (typeof periods)[number];
export const defaultPeriod: Period = '1y';
export const periodMonths: Readonly<Record<Period, number>> = { '1y': 12, '6m': 6, '3m': 3, '1m': 1 };

/** SPEC section 9: the poll interval of work the server finishes later (background files, funding progress). */
export const pollIntervalMs = 1_000;

/** Search text is matched case-insensitively as a part of a row's searchable values. */
export const searchMaxLength = 100;

/** The query every list route takes (SPEC section 7 `GET {dataPath}`); list routes extend it with their filters. */
export const listQuerySchema = /* @__PURE__ */ z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  itemsPerPage: z._default(z.coerce.number().check(z.refine((value): value is PageSize => (pageSizes as readonly number[]).includes(value), { error: 'INVALID_OPTION' })), defaultPageSize),
  search: z.optional(z.string().check(z.trim(), z.maxLength(searchMaxLength, { error: 'TEXT_TOO_LONG' }))),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** SPEC section 3 "Table response": rows, total pages, total records, optional total sum. */
export function tableAnswerSchema<Row extends z.ZodMiniType>(row: Row) {
  return z.object({
    rows: z.array(row),
    totalPages: z.int().check(z.nonnegative()),
    totalRecords: z.int().check(z.nonnegative()),
    totalSumCents: z.optional(z.int()),
  });
}
export interface TableAnswer<Row> {
  rows: Row[];
  totalPages: number;
  totalRecords: number;
  totalSumCents?: number;
}

export function totalPagesOf(totalRecords: number, itemsPerPage: number): number {
  return Math.ceil(totalRecords / itemsPerPage);
}

/** The rows of one page of an already filtered and ordered list, with the contract's totals. */
export function pageOf<Row>(all: readonly Row[], query: Pick<ListQuery, 'page' | 'itemsPerPage'>): TableAnswer<Row> {
  const start = (query.page - 1) * query.itemsPerPage;
  return {
    rows: all.slice(start, start + query.itemsPerPage),
    totalPages: totalPagesOf(all.length, query.itemsPerPage),
    totalRecords: all.length,
  };
}

/** Whether any of the values contains the search text, ignoring case and Latvian/Russian diacritics. */
export function matchesSearch(search: string | undefined, values: readonly (string | null | undefined)[]): boolean {
  if (!search) return true;
  const needle = foldForSearch(search);
  return values.some((value) => value !== null && value !== undefined && foldForSearch(value).includes(needle));
}

function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('en');
}
