import { describe, expect, it } from 'vitest';
import { chooseAttachments } from './attachment-choice';

const file = (name: string, type = 'image/png', size = 1_000) => ({ name, type, size });

describe('chooseAttachments', () => {
  it('accepts images and PDF of an allowed size', () => {
    const { accepted, refused } = chooseAttachments(0, [file('a.png'), file('b.pdf', 'application/pdf'), file('c.jpg', 'image/jpeg')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.pdf', 'c.jpg']);
    expect(refused).toEqual([]);
  });

  it('refuses other types, empty files and files over 10 MB with their reasons', () => {
    const { accepted, refused } = chooseAttachments(0, [file('a.txt', 'text/plain'), file('b.png', 'image/png', 0), file('c.pdf', 'application/pdf', 10_000_001)]);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      { fileName: 'a.txt', code: 'FILE_TYPE_NOT_ALLOWED' },
      { fileName: 'b.png', code: 'FILE_EMPTY' },
      { fileName: 'c.pdf', code: 'FILE_TOO_LARGE' },
    ]);
  });

  it('takes no more than five files per message, counting those already chosen', () => {
    const { accepted, refused } = chooseAttachments(3, [file('1.png'), file('2.png'), file('3.png')]);
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(refused).toEqual([{ fileName: '3.png', code: 'TOO_MANY_ATTACHMENTS' }]);
  });

  it('does not count a refused file towards the five', () => {
    const { accepted } = chooseAttachments(4, [file('a.txt', 'text/plain'), file('b.png')]);
    expect(accepted.map((f) => f.name)).toEqual(['b.png']);
  });
});
