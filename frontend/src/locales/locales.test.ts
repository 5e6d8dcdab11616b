import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorMessages, fieldMessages } from '@shared/errors';
import { languages } from '@shared/languages';
import { navigationLinks } from '@shared/routes';
import { signupSteps } from '@shared/kyc';
import { clientErrorCodes } from '@frontend/lib/api-error';

const root = fileURLToPath(new URL('.', import.meta.url));

function namespacesOf(language: string): string[] {
  return readdirSync(`${root}/${language}`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

function load(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(`${root}/${language}/${namespace}.json`, 'utf8'));
}

/** Dotted key -> text, for every leaf. */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') {
    out.set(prefix, node);
    return out;
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    throw new Error(`${prefix || '(root)'} must be a string or an object`);
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [leaf, text] of flatten(value, prefix ? `${prefix}.${key}` : key)) out.set(leaf, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** i18next's plural suffixes: a counted text has one key per plural category of its language. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(pluralSuffix, '');

/**
 * The keys with each counted text's forms folded into its base; a language's forms must be exactly its plural
 * categories (en one/other, lv zero/one/other, ru one/few/many/other), so no count reads in a wrong form.
 */
function pluralBases(texts: Map<string, string>, language: string): string[] {
  const forms = new Map<string, string[]>();
  for (const key of texts.keys()) {
    const suffix = pluralSuffix.exec(key)?.[1];
    const base = pluralBase(key);
    forms.set(base, suffix ? [...(forms.get(base) ?? []), suffix] : (forms.get(base) ?? []));
  }
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
  for (const [base, suffixes] of forms) if (suffixes.length > 0) expect(suffixes.sort(), `${language}:${base}`).toEqual(categories);
  return [...forms.keys()].sort();
}

const reference = namespacesOf('en');

describe('locales', () => {
  it('has a folder per language', () => {
    expect(readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()).toEqual(
      [...languages].sort(),
    );
  });

  it.each(languages)('%s has exactly the namespaces of en', (language) => {
    expect(namespacesOf(language)).toEqual(reference);
  });

  describe.each(reference)('namespace %s', (namespace) => {
    const english = flatten(load('en', namespace));

    it.each(languages)('%s has exactly the keys of en, none empty, with the same placeholders', (language) => {
      const other = flatten(load(language, namespace));
      expect(pluralBases(other, language)).toEqual(pluralBases(english, 'en'));
      for (const [key, text] of other) {
        expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
        expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(placeholders(english.get(key) ?? english.get(`${pluralBase(key)}_other`) ?? ''));
      }
    });
  });

  it('translates every API error code, field message and client error code', () => {
    const keys = flatten(load('en', 'errors'));
    const expected = [
      ...Object.keys(errorMessages).map((code) => `codes.${code}`),
      ...Object.values(clientErrorCodes).map((code) => `codes.${code}`),
      ...Object.keys(fieldMessages).map((code) => `fields.${code}`),
    ];
    for (const key of expected) expect(keys.has(key), key).toBe(true);
  });

  it('says in English exactly what the API says in its messages, so the two texts cannot drift apart', () => {
    const keys = flatten(load('en', 'errors'));
    for (const [code, text] of Object.entries(errorMessages)) expect(keys.get(`codes.${code}`), code).toBe(text);
    for (const [code, text] of Object.entries(fieldMessages)) expect(keys.get(`fields.${code}`), code).toBe(text);
  });

  it('has a label for every navigation link and sign-up step', () => {
    const common = flatten(load('en', 'common'));
    for (const link of navigationLinks) expect(common.has(link.labelKey), link.labelKey).toBe(true);
    const signup = flatten(load('en', 'signup'));
    for (const step of signupSteps) expect(signup.has(`steps.${step}`), step).toBe(true);
  });
});
