/**
 * Where each page of a list read by cursor starts (issue 21's activity log): page 1 at the top, page N + 1 at the
 * cursor page N's answer gave. Kept per list (its filters, period and page size), so going back to a page, or
 * returning to a list of other filters, asks for the same rows again instead of skipping any.
 */
export class CursorBook {
  private readonly lists = new Map<string, Map<number, string>>();
  private readonly notes = new Map<string, string>();

  /** The cursor page `page` starts at: none for the first page, or for a page no answer has led to. */
  cursorOf(list: string, page: number): string | undefined {
    return page <= 1 ? undefined : this.lists.get(list)?.get(page);
  }

  /** Whether `page` can be asked for: the first, or one an earlier page's answer leads to. */
  reaches(list: string, page: number): boolean {
    return page <= 1 || this.cursorOf(list, page) !== undefined;
  }

  /** Records where the page after `page` starts (nothing when `page` was the last) and the page's note. */
  remember(list: string, page: number, answer: { nextCursor: string | null; searchedUntil?: string | undefined }): void {
    const cursors = this.lists.get(list) ?? new Map<number, string>();
    if (answer.nextCursor === null) cursors.delete(page + 1);
    else cursors.set(page + 1, answer.nextCursor);
    this.lists.set(list, cursors);
    const key = `${list}#${page}`;
    if (answer.searchedUntil) this.notes.set(key, answer.searchedUntil);
    else this.notes.delete(key);
  }

  /** Where a page that stopped at its read bound searched back to. */
  searchedUntil(list: string, page: number): string | undefined {
    return this.notes.get(`${list}#${page}`);
  }
}

/**
 * A cursor page in the table contract useTableQuery reads: the pages known so far, which is one more than this one
 * while there is a next page. The log keeps no count, so there is no total to show.
 */
export function knownPages(page: number, nextCursor: string | null): number {
  return nextCursor === null ? page : page + 1;
}
