import { describe, expect, it } from 'vitest';
import { pageSeqRange, spanOf, tallyRangesOf } from './transaction-page-range';

describe('tallyRangesOf', () => {
  it('reads a range inside one month day by day', () => {
    expect(tallyRangesOf('2026-03-04', '2026-03-20')).toEqual([{ from: 'D#2026-03-04', to: 'D#2026-03-20' }]);
  });

  it('reads the edge months by day and the whole months between by month, across a year end', () => {
    expect(tallyRangesOf('2025-11-22', '2026-11-22')).toEqual([
      { from: 'D#2025-11-22', to: 'D#2025-11-31' },
      { from: 'M#2025-12', to: 'M#2026-10' },
      { from: 'D#2026-11-01', to: 'D#2026-11-22' },
    ]);
  });

  it('has no month range between two neighbouring months', () => {
    expect(tallyRangesOf('2026-01-30', '2026-02-02')).toEqual([
      { from: 'D#2026-01-30', to: 'D#2026-01-31' },
      { from: 'D#2026-02-01', to: 'D#2026-02-02' },
    ]);
  });

  it('reads nothing for a reversed range', () => {
    expect(tallyRangesOf('2026-02-02', '2026-01-30')).toEqual([]);
  });
});

describe('spanOf and pageSeqRange', () => {
  const span = spanOf([
    { count: 3, sumCents: -300, firstSeq: 11, lastSeq: 13 },
    { count: 0, sumCents: 0, firstSeq: 99, lastSeq: 99 },
    { count: 40, sumCents: -4_000, firstSeq: 14, lastSeq: 53 },
  ]);

  it('adds counts and sums and spans the sequence numbers of the tallies that count', () => {
    expect(span).toEqual({ count: 43, sumCents: -4_300, firstSeq: 11, lastSeq: 53 });
  });

  it('gives page 1 the newest numbers and the last page the rest, cut at the first number', () => {
    expect(pageSeqRange(span, 1, 10)).toEqual({ lo: 44, hi: 53 });
    expect(pageSeqRange(span, 4, 10)).toEqual({ lo: 14, hi: 23 });
    expect(pageSeqRange(span, 5, 10)).toEqual({ lo: 11, hi: 13 });
    expect(pageSeqRange(span, 6, 10)).toBeNull();
  });

  it('has no pages for an empty span', () => {
    expect(spanOf([])).toEqual({ count: 0, sumCents: 0, firstSeq: 0, lastSeq: 0 });
    expect(pageSeqRange(spanOf([]), 1, 10)).toBeNull();
  });
});
