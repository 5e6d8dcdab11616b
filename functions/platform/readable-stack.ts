import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The deployed bundle is minified and ships its source map beside it (index.mjs.map). Node's --enable-source-maps
 * would parse that map on every cold start; an error is rare, so the map is read here, on the first stack that needs
 * it, and the frames of the bundle are written back as places in our TypeScript. Where no map lies beside the module
 * (tsx locally already reports TypeScript places), the stack is left as it is.
 */
const bundleUrl = import.meta.url;
let sourceMap: Promise<SourceMap | null> | undefined;

function loadSourceMap(): Promise<SourceMap | null> {
  sourceMap ??= readFile(`${fileURLToPath(bundleUrl)}.map`, 'utf8')
    .then((text) => new SourceMap(JSON.parse(text) as ConstructorParameters<typeof SourceMap>[0]))
    .catch(() => null);
  return sourceMap;
}

const bundleFrame = /(\(|at )(file:\/\/[^\s)]+|\/[^\s)]+):(\d+):(\d+)(\)?)$/;

function mappedFrame(line: string, map: SourceMap): string {
  const match = bundleFrame.exec(line);
  if (!match) return line;
  const [whole, open, file, lineText, columnText, close] = match;
  if (file !== bundleUrl && file !== fileURLToPath(bundleUrl)) return line;
  const entry = map.findEntry(Number(lineText) - 1, Number(columnText) - 1);
  if (!('originalSource' in entry)) return line;
  const place = `${entry.originalSource.replace(/^(\.\.\/)+/, '')}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return line.slice(0, line.length - whole.length) + (open === '(' ? `(${place}${close}` : `at ${place}`);
}

/** The error's stack with the bundle's places mapped to the sources; its message alone when it has no stack. */
export async function readableStack(error: unknown): Promise<string> {
  if (!(error instanceof Error) || !error.stack) return String(error);
  const map = await loadSourceMap();
  if (!map) return error.stack;
  return error.stack
    .split('\n')
    .map((line) => mappedFrame(line, map))
    .join('\n');
}
