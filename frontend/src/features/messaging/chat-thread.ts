import type { ChatMessage } from '@shared/messaging';

/**
 * The messages a chat view shows: the older pages the user loaded and the newest page the poll keeps fresh, each
 * message once (the newest read's copy wins), oldest first. The pages overlap when messages arrive between reads.
 */
export function mergeMessages(older: readonly ChatMessage[], newest: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of older) byId.set(message.id, message);
  for (const message of newest) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt)));
}

/** Messages of `next` that `shown` did not have and the other side wrote: what a screen reader hears as new. */
export function arrivedFromOtherSide(shown: readonly ChatMessage[], next: readonly ChatMessage[], ownSide: ChatMessage['side']): ChatMessage[] {
  const known = new Set(shown.map((message) => message.id));
  return next.filter((message) => !known.has(message.id) && message.side !== ownSide);
}

/** How close to the end (in pixels) still counts as "at the bottom": the last line may be partly hidden by rounding. */
export const bottomTolerancePx = 24;

/** Whether a scrolled box shows its end, so content added there should scroll into view. */
export function isAtBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= bottomTolerancePx;
}
