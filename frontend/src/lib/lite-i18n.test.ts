import { describe, expect, it } from 'vitest';
import { createTranslate } from './lite-i18n';

const messages = {
  card: { code: { text: 'Sent to {{phone}}.' }, items_one: '{{count}} item', items_other: '{{count}} items' },
  errors: { codes: { TOO_MANY_REQUESTS: 'Wait a moment.' }, generic: { unexpected: 'Something failed.' } },
};

describe('createTranslate', () => {
  const t = createTranslate('en', messages, 'card');

  it('reads a key of the default namespace or of a named one, and fills in values', () => {
    expect(t('code.text', { phone: '+37120000000' })).toBe('Sent to +37120000000.');
    expect(t('card:code.text', { phone: '1' })).toBe('Sent to 1.');
    expect(t('errors:codes.TOO_MANY_REQUESTS')).toBe('Wait a moment.');
  });

  it('tries a list of keys in order, then the default value, then shows the last key, as i18next does', () => {
    expect(t(['errors:codes.MISSING', 'errors:codes.TOO_MANY_REQUESTS'])).toBe('Wait a moment.');
    expect(t(['errors:codes.MISSING'], { defaultValue: t('errors:generic.unexpected') })).toBe('Something failed.');
    expect(t('errors:codes.MISSING')).toBe('errors:codes.MISSING');
    // An object is no text.
    expect(t('errors:codes')).toBe('errors:codes');
  });

  it("picks the plural form of the language's rules", () => {
    expect(t('items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 3 })).toBe('3 items');
  });
});
