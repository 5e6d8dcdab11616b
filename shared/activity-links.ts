import { paths } from './routes';

/**
 * Issue 31 "per employee": a movement that concerns many employees (a funding file, a scheduled run, the monthly fees)
 * writes one audit record per employee, each naming what it belonged to. These are the fields a funding record
 * carries for it (platform/audit.ts keeps them with the record; fileId and scheduleId are hidden from the change, the
 * names and the run's date are shown): a file by its id and name, a run by its rule, the rule's name then and its date,
 * and the file the run wrote. A payment by hand belongs to nothing.
 */
export type MovementSourceFields =
  | { readonly fileId?: never; readonly scheduleId?: never }
  | { readonly fileId: string; readonly fileName: string; readonly scheduleId?: never }
  | { readonly fileId: string; readonly scheduleId: string; readonly scheduleName: string; readonly runDate: string };

/** What a payment or a fee of one employee belonged to, as her history and the activity detail name and link it. */
export type MovementSource =
  | { kind: 'fundingFile'; fileId: string; fileName: string | null }
  | { kind: 'fundingRun'; scheduleId: string; scheduleName: string | null; runDate: string | null }
  /** The month's fee run (fees/charge-monthly-fees.ts): one charge per employee and month, the month its id. */
  | { kind: 'monthlyFees'; month: string };

type Values = Readonly<Record<string, string | number | null | undefined>>;

const text = (value: string | number | null | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The file, run or fee run a record's payment or fee belonged to, from the fields it was written with; else null. */
export function movementSourceOf(record: { action: string; after: Values }): MovementSource | null {
  const { after } = record;
  if (record.action === 'fee.monthly') {
    const month = text(after.month);
    return month ? { kind: 'monthlyFees', month } : null;
  }
  if (record.action !== 'funds.add') return null;
  const scheduleId = text(after.scheduleId);
  if (scheduleId) return { kind: 'fundingRun', scheduleId, scheduleName: text(after.scheduleName), runDate: text(after.runDate) };
  const fileId = text(after.fileId);
  return fileId ? { kind: 'fundingFile', fileId, fileName: text(after.fileName) } : null;
}

/** The query parameter of the scheduled fundings page that opens one rule's runs. */
export const scheduleRunsParam = 'runs';

/**
 * The portal's page of what a movement belonged to, where it has one: a rule's runs on the scheduled fundings page. A
 * funding file has no page of its own (its preview and result are a dialog of the upload), nor has a month's fees.
 */
export function movementSourcePath(source: MovementSource): string | null {
  if (source.kind === 'fundingRun') return `${paths.fundingSchedules}?${scheduleRunsParam}=${encodeURIComponent(source.scheduleId)}`;
  return null;
}
