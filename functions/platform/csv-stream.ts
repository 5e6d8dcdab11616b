import { csvByteOrderMark, csvLine } from '@shared/csv';

/** One CSV line's cells, as csvLine takes them. */
export type Cells = readonly (string | number | null | undefined)[];

/** Lines are handed to the upload in batches of this many, so it is not called once per row. */
const linesPerChunk = 1_000;

/**
 * A CSV file as text chunks for uploadTextStream (export-jobs.ts): the byte order mark and the header line, then every
 * row's line (csvLine neutralises formulas), read from `rows` as it yields them, so memory holds one batch. `counted`
 * ends with the number of rows written (the file's row count, the header aside).
 */
export async function* csvChunks(header: Cells, rows: AsyncIterable<Cells>, counted: { rows: number }): AsyncGenerator<string> {
  yield csvByteOrderMark + csvLine(header);
  let lines: string[] = [];
  for await (const cells of rows) {
    lines.push(csvLine(cells));
    counted.rows += 1;
    if (lines.length >= linesPerChunk) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}
