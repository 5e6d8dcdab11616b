import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const prefix = 'virtual:entry-messages/';
const resolvedPrefix = `\0${prefix}`;

export interface EntryMessages {
  /** The entry's name in the module id: `virtual:entry-messages/<entry>/<language>`. */
  entry: string;
  /** The entry's own namespace, taken whole. */
  namespace: string;
  /** Paths into other namespaces (namespace -> 'a.b' paths); a path naming an object takes all of it. */
  borrowed: Readonly<Record<string, readonly string[]>>;
}

function pick(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

function place(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1] ?? ''] = value;
}

/**
 * `virtual:entry-messages/<entry>/<language>`: one language's messages for a light entry (the /card page, the
 * sign-in), as one small module: its own namespace and the named paths of the others, read from
 * locales/<language>/<namespace>.json at build time. A path that is missing fails the build, so a renamed key cannot
 * ship as an untranslated one.
 */
export function entryMessages(localesDir: string, entries: readonly EntryMessages[]): Plugin {
  const read = (language: string, namespace: string): unknown => JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
  return {
    name: 'portal-entry-messages',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      const [name, language = ''] = id.slice(resolvedPrefix.length).split('/');
      const entry = entries.find((candidate) => candidate.entry === name);
      if (!entry) return this.error(`no entry messages named ${String(name)}`);
      const messages: Record<string, unknown> = { [entry.namespace]: read(language, entry.namespace) };
      this.addWatchFile(join(localesDir, language, `${entry.namespace}.json`));
      for (const [namespace, paths] of Object.entries(entry.borrowed)) {
        const source = read(language, namespace);
        this.addWatchFile(join(localesDir, language, `${namespace}.json`));
        const picked: Record<string, unknown> = {};
        for (const path of paths) {
          const value = pick(source, path);
          if (value === undefined) this.error(`locales/${language}/${namespace}.json has no ${path}, which ${entry.namespace} borrows`);
          place(picked, path, value);
        }
        messages[namespace] = picked;
      }
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
