import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/language-list';
import { signInBorrowedMessages, signInNamespace } from '../src/features/auth/sign-in-messages';
import { cardBorrowedMessages, cardNamespace } from '../src/features/card/card-messages';
import { entryMessages, type EntryMessages } from './entry-messages';

const localesDir = fileURLToPath(new URL('../src/locales', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The plugin's module for one language, as the build loads it. */
const card: EntryMessages = { entry: 'card', namespace: cardNamespace, borrowed: cardBorrowedMessages };
const signIn: EntryMessages = { entry: 'sign-in', namespace: signInNamespace, borrowed: signInBorrowedMessages };

function messagesOf(language: string, entry: EntryMessages = card): Record<string, Record<string, unknown>> {
  const plugin = entryMessages(localesDir, [entry, entry === signIn ? card : signIn]);
  const resolveId = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (this: unknown, id: string) => string | undefined;
  const id = resolveId(`virtual:entry-messages/${entry.entry}/${language}`);
  if (!id) throw new Error('not resolved');
  const code = load.call({ addWatchFile: () => undefined, error: (message: string) => { throw new Error(message); } }, id) ?? '';
  return JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')) as Record<string, Record<string, unknown>>;
}

describe('the /card page messages', () => {
  it.each(languages)('in %s hold the card namespace whole and only the borrowed keys of the others', (language) => {
    const messages = messagesOf(language);
    expect(messages.card).toEqual(JSON.parse(readFileSync(`${localesDir}/${language}/card.json`, 'utf8')));
    expect(Object.keys(messages.common ?? {}).sort()).toEqual(['closeDialog', 'error', 'footer', 'language', 'loading', 'skipToContent']);
    expect(Object.keys((messages.errors?.fields ?? {}) as object).sort()).toEqual(['INVALID_CODE', 'INVALID_PHONE', 'INVALID_VALUE', 'REQUIRED']);
  });

  it('fail the build for a borrowed key a language does not have', () => {
    expect(() => messagesOf('en', { entry: 'card', namespace: cardNamespace, borrowed: { errors: ['codes.NO_SUCH_CODE'] } })).toThrow(/has no codes\.NO_SUCH_CODE/);
  });

  it("borrow every error code the /card routes' own functions answer", () => {
    const codes = Object.keys((JSON.parse(readFileSync(`${localesDir}/en/errors.json`, 'utf8')) as { codes: Record<string, string> }).codes);
    const dir = `${repoRoot}functions/cardholders`;
    const answered = new Set(
      readdirSync(dir)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) => [...readFileSync(`${dir}/${file}`, 'utf8').matchAll(/'([A-Z][A-Z_]+)'/g)].map((match) => match[1] ?? ''))
        .filter((code) => codes.includes(code)),
    );
    expect(answered.size).toBeGreaterThanOrEqual(5);
    const borrowed = new Set<string>(cardBorrowedMessages.errors);
    for (const code of answered) expect(borrowed.has(`codes.${code}`), code).toBe(true);
  });
});

describe('the sign-in page messages', () => {
  it.each(languages)('in %s hold the auth namespace whole and only the borrowed keys of the others', (language) => {
    const messages = messagesOf(language, signIn);
    expect(messages.auth).toEqual(JSON.parse(readFileSync(`${localesDir}/${language}/auth.json`, 'utf8')));
    expect(Object.keys(messages.common ?? {}).sort()).toEqual(['confirmationLink', 'error', 'footer', 'language', 'loading', 'nav', 'skipToContent']);
    expect(Object.keys(messages.errors ?? {}).sort()).toEqual(['codes', 'fields', 'generic', 'login', 'verify']);
  });

  it('borrow every message the sign-in steps can show', () => {
    const keys = readFileSync(fileURLToPath(new URL('../src/features/auth/auth-errors.ts', import.meta.url)), 'utf8').match(/'(login|verify|generic)\.\w+'/g) ?? [];
    expect(keys.length).toBeGreaterThanOrEqual(8);
    const errors = messagesOf('lv', signIn).errors ?? {};
    for (const key of keys) {
      const [group = '', name = ''] = key.slice(1, -1).split('.');
      expect((errors[group] as Record<string, unknown> | undefined)?.[name], key).toEqual(expect.any(String));
    }
  });
});
