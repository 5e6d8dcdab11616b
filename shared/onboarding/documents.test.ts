import { describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../infra/local/sample-application';
import { detectContentType, fileProblemOf, imageContentTypes } from './documents';

describe('document checks', () => {
  it('tells the type by the first bytes, not by the name', () => {
    expect(detectContentType(samplePdf)).toBe('application/pdf');
    expect(detectContentType(samplePng)).toBe('image/png');
    expect(detectContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectContentType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(detectContentType(Buffer.from('MZ\x90\x00 an executable'))).toBeNull();
    expect(detectContentType(new Uint8Array())).toBeNull();
  });

  it('refuses empty, oversized and unaccepted files before uploading', () => {
    expect(fileProblemOf({ size: 0, type: 'application/pdf' }, imageContentTypes)).toBe('FILE_EMPTY');
    expect(fileProblemOf({ size: 10_000_001, type: 'image/png' }, imageContentTypes)).toBe('FILE_TOO_LARGE');
    expect(fileProblemOf({ size: 10_000_000, type: 'image/png' }, imageContentTypes)).toBeNull();
    expect(fileProblemOf({ size: 100, type: 'application/pdf' }, imageContentTypes)).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});
