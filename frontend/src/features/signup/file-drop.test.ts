import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { documentContentTypes, imageContentTypes } from '@shared/onboarding/documents';
import { fileDropCodes, fileDropProblemOf, fileDropText } from './file-drop';

const pdf = { size: 1_000, type: 'application/pdf' };

describe('fileDropProblemOf', () => {
  it('numbers the problems as SPEC section 8 does', () => {
    expect(fileDropCodes).toEqual({ FILE_TYPE_NOT_ALLOWED: 1, FILE_TOO_LARGE: 2, FILE_EMPTY: 3, FILE_TOO_MANY: 4 });
  });

  it('takes one file of an accepted type, 1 to 10,000,000 bytes', () => {
    expect(fileDropProblemOf([pdf], documentContentTypes)).toBeNull();
    expect(fileDropProblemOf([{ size: 10_000_000, type: 'image/png' }], imageContentTypes)).toBeNull();
    expect(fileDropProblemOf([], documentContentTypes)).toBeNull();
  });

  it('refuses another type, too large, empty, and more than one file', () => {
    expect(fileDropProblemOf([{ size: 10, type: 'text/plain' }], documentContentTypes)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(fileDropProblemOf([pdf], imageContentTypes)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(fileDropProblemOf([{ size: 10_000_001, type: 'application/pdf' }], documentContentTypes)).toBe('FILE_TOO_LARGE');
    expect(fileDropProblemOf([{ size: 0, type: 'application/pdf' }], documentContentTypes)).toBe('FILE_EMPTY');
    expect(fileDropProblemOf([pdf, pdf], documentContentTypes)).toBe('FILE_TOO_MANY');
  });
});

describe('fileDropText', () => {
  // Echoes the first key asked for, as i18next does for a key it has.
  const t = ((key: string | string[]) => (Array.isArray(key) ? key[0] : key)) as unknown as TFunction;

  it('reads the error catalogue for the codes the server shares', () => {
    expect(fileDropText(t, 'FILE_TOO_LARGE', false)).toBe('errors:codes.FILE_TOO_LARGE');
    expect(fileDropText(t, 'FILE_EMPTY', true)).toBe('errors:codes.FILE_EMPTY');
    expect(fileDropText(t, 'FILE_TYPE_NOT_ALLOWED', false)).toBe('errors:codes.FILE_TYPE_NOT_ALLOWED');
  });

  it('has its own texts for too many files and for a field of images only', () => {
    expect(fileDropText(t, 'FILE_TOO_MANY', false)).toBe('signup:documents.problems.FILE_TOO_MANY');
    expect(fileDropText(t, 'FILE_TYPE_NOT_ALLOWED', true)).toBe('signup:documents.problems.imageType');
  });
});
