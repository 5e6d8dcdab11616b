import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/messaging';
import { arrivedFromOtherSide, isAtBottom, mergeMessages } from './chat-thread';

const message = (id: string, createdAt: string, side: ChatMessage['side'] = 'company', text = id): ChatMessage => ({
  id,
  side,
  authorName: side === 'company' ? 'Anna' : 'Support',
  text,
  attachments: [],
  createdAt,
});

describe('mergeMessages', () => {
  it('puts the older pages before the newest one, each message once, oldest first', () => {
    const older = [message('a', '2026-01-01T10:00:00Z'), message('b', '2026-01-01T10:01:00Z'), message('c', '2026-01-01T10:02:00Z')];
    const newest = [message('c', '2026-01-01T10:02:00Z'), message('d', '2026-01-01T10:03:00Z')];
    expect(mergeMessages(older, newest).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it("keeps the newest read's copy of a message both reads have", () => {
    const merged = mergeMessages([message('a', '2026-01-01T10:00:00Z', 'company', 'old')], [message('a', '2026-01-01T10:00:00Z', 'company', 'new')]);
    expect(merged.map((m) => m.text)).toEqual(['new']);
  });

  it('orders messages of the same moment by id, so a poll never reorders them', () => {
    const at = '2026-01-01T10:00:00Z';
    expect(mergeMessages([], [message('b', at), message('a', at)]).map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('arrivedFromOtherSide', () => {
  it("names only new messages of the other side, not the reader's own", () => {
    const shown = [message('a', '2026-01-01T10:00:00Z')];
    const next = [...shown, message('b', '2026-01-01T10:01:00Z', 'company'), message('c', '2026-01-01T10:02:00Z', 'provider')];
    expect(arrivedFromOtherSide(shown, next, 'company').map((m) => m.id)).toEqual(['c']);
    expect(arrivedFromOtherSide(shown, next, 'provider').map((m) => m.id)).toEqual(['b']);
  });
});

describe('isAtBottom', () => {
  it('is true at the end and within a few pixels of it', () => {
    expect(isAtBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollTop: 580, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
  });

  it('is false when the reader scrolled up to older messages', () => {
    expect(isAtBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });

  it('is true when everything fits without scrolling', () => {
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 400 })).toBe(true);
  });
});
