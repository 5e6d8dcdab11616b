import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readableError } from './readable-error';

const platformDir = path.dirname(fileURLToPath(import.meta.url));
const workDir = mkdtempSync(path.join(tmpdir(), 'readable-error-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A minified bundle with its map beside it, as the stack deploys a handler. */
async function bundled(withMap: boolean): Promise<{ failure: () => Promise<string> }> {
  const entry = path.join(workDir, `failing-handler-${withMap ? 'mapped' : 'bare'}.ts`);
  writeFileSync(
    entry,
    [
      `import { readableError } from ${JSON.stringify(path.join(platformDir, 'readable-error.ts'))};`,
      'function chargeFee(): never {',
      "  throw new Error('fee not charged');",
      '}',
      'export async function failure(): Promise<string> {',
      '  try { chargeFee(); } catch (error) { return readableError(error); }',
      "  return 'no error';",
      '}',
    ].join('\n'),
  );
  const outfile = entry.replace(/\.ts$/, '.mjs');
  await build({ entryPoints: [entry], outfile, bundle: true, minify: true, format: 'esm', platform: 'node', sourcemap: withMap, sourcesContent: false, logLevel: 'silent' });
  return (await import(pathToFileURL(outfile).href)) as { failure: () => Promise<string> };
}

describe('readableError', () => {
  it("writes a minified bundle's frames back as places in the TypeScript, from the map beside the bundle", async () => {
    const stack = await (await bundled(true)).failure();
    expect(stack).toMatch(/^Error: fee not charged/);
    expect(stack).toMatch(/failing-handler-mapped\.ts:3:\d+/);
  });

  it('leaves the stack as it is when no map lies beside the module', async () => {
    const stack = await (await bundled(false)).failure();
    expect(stack).toMatch(/failing-handler-bare\.mjs:\d+:\d+/);
  });

  it("keeps what Node would print besides the stack: an SDK error's metadata and the cause", async () => {
    const error = Object.assign(new Error('throttled', { cause: new Error('socket hang up') }), { $metadata: { httpStatusCode: 400 } });
    const text = await readableError(error);
    expect(text).toContain('$metadata');
    expect(text).toContain('socket hang up');
  });

  it('gives a thrown value that is not an error as text', async () => {
    expect(await readableError('refused')).toBe('refused');
  });
});
