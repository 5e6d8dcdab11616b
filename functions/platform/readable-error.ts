import { readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';

/**
 * The deployed bundle is minified and ships its source map beside it (index.mjs.map). Node's --enable-source-maps
 * would parse that map on every cold start; an error is rare, so the map is read here, on the first error logged,
 * and the frames of the bundle are written back as places in our TypeScript. Where no map lies beside the module
 * (tsx locally already reports TypeScript places), the text is left as it is.
 */
const bundleUrl = import.meta.url;
const bundlePath = fileURLToPath(bundleUrl);
let sourceMap: Promise<SourceMap | null> | undefined;

function loadSourceMap(): Promise<SourceMap | null> {
  sourceMap ??= readFile(`${bundlePath}.map`, 'utf8')
    .then((text) => new SourceMap(JSON.parse(text) as ConstructorParameters<typeof SourceMap>[0]))
    .catch(() => null);
  return sourceMap;
}

// `at name (place)`, `at place`, `at async name (place)` and `at async place`, the place a file URL or a path.
const bundleFrame = /(\(|at (?:async )?)(file:\/\/[^\s)]+|\/[^\s)]+):(\d+):(\d+)(\)?)$/;

function mappedFrame(line: string, map: SourceMap): string {
  const match = bundleFrame.exec(line);
  if (!match) return line;
  const [whole, opening = '', file, lineText, columnText, closing = ''] = match;
  if (file !== bundleUrl && file !== bundlePath) return line;
  const entry = map.findEntry(Number(lineText) - 1, Number(columnText) - 1);
  if (!('originalSource' in entry)) return line;
  const place = `${entry.originalSource.replace(/^(\.\.\/)+/, '')}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return `${line.slice(0, line.length - whole.length)}${opening}${place}${closing}`;
}

/**
 * What Node would print for the error (stack, own properties such as an SDK error's $metadata, `cause`, an
 * AggregateError's errors), its frames mapped to the sources. Never throws: logging an error must not fail the
 * answer or the job that is logging it.
 */
export async function readableError(error: unknown): Promise<string> {
  const text = typeof error === 'string' ? error : inspect(error, { depth: 4, breakLength: Infinity });
  try {
    const map = await loadSourceMap();
    return map ? text.split('\n').map((line) => mappedFrame(line, map)).join('\n') : text;
  } catch {
    return text;
  }
}
