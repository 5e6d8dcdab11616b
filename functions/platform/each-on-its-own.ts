import { logger } from './logger';
import { readableError } from './readable-error';

/**
 * Runs `work` for each item, one after another, each on its own: an item whose work throws is logged with what
 * `describe` says of it and counted, and the items after it are still worked. Answers how many answered true, and how
 * many threw. For jobs that sweep many independent items (the deadline job), where one bad item must not stop the rest.
 */
export async function eachOnItsOwn<T>(items: readonly T[], work: (item: T) => Promise<boolean>, describe: (item: T) => Record<string, string>): Promise<{ done: number; errors: number }> {
  let done = 0;
  let errors = 0;
  for (const item of items) {
    try {
      if (await work(item)) done += 1;
    } catch (error) {
      errors += 1;
      logger.error('work on one item failed; the others go on', { ...describe(item), error: await readableError(error) });
    }
  }
  return { done, errors };
}
