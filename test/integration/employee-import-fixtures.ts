import { randomInt } from 'node:crypto';
import { csvLine } from '@shared/csv';
import { employeeImportColumns } from '@shared/employee-imports';

/** Employee import files for the import tests: the template's header, then the rows. */
const header = Object.values(employeeImportColumns);
export const fileOf = (rows: readonly (readonly string[])[]) => [header, ...rows].map((cells) => csvLine(cells)).join('');

/** Phones no seeded or other test's employee has: 37127, a run's own four digits, then the row's six. */
const phonePrefix = `37127${String(randomInt(0, 10_000)).padStart(4, '0')}`;
let phoneSeq = 0;
export const newPhone = () => `${phonePrefix}${String((phoneSeq += 1)).padStart(6, '0')}`;
let codeSeq = randomInt(0, 50_000);
export const newPersonalCode = () => `010190-${String((codeSeq += 1) % 100_000).padStart(5, '0')}`;

export function validRows(count: number): string[][] {
  return Array.from({ length: count }, (_, index) => [`Vārds${index}`, `Uzvārds ${index}`, newPersonalCode(), newPhone(), `e${index}@example.lv`, ['lv', 'en', 'ru', ''][index % 4] ?? '', '', '']);
}
