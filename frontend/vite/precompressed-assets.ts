import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Connect, Plugin } from 'vite';
import { isApiPath } from '../../shared/api/origin.ts';
import { assetsDir, immutableAssetCache, pageCache, pageOfPath } from '../../shared/page-entries.ts';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
/** Text worth compressing; smaller files gain less than the header costs (CloudFront's own floor is 1,000 bytes). */
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg']);
const minimumBytes = 1000;

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, so the local preview serves what
 * CloudFront serves (it compresses on the fly; the copies are not deployed). Run once the build's files are final.
 */
export function precompressDirectory(outDir: string): void {
  for (const file of filesBelow(outDir)) {
    if (!compressible.has(extname(file))) continue;
    const bytes = readFileSync(file);
    if (bytes.length < minimumBytes) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** The encoding to send a file in: brotli, then gzip, when the browser takes it and the build has the copy. */
function encodingFor(file: string, accepted: string): { path: string; encoding?: 'br' | 'gzip' } {
  if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { path: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file };
}

/**
 * `vite preview` as the deployed distribution answers: the pre-compressed copy the browser accepts, with
 * Content-Encoding and Vary, hashed assets cached for a year, pages revalidated; a path without a file extension is
 * its page entry (shared/page-entries.ts). Anything else (config.json, a missing file) goes on to Vite.
 */
export function servePrecompressed(): Plugin {
  return {
    name: 'portal-serve-precompressed',
    configurePreviewServer: (server) => {
      const root = resolve(server.config.root, server.config.build.outDir);
      const serve: Connect.NextHandleFunction = (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        // The API's paths go on to the proxy (vite.config.ts), as CloudFront sends them to the API.
        if (isApiPath(path)) return next();
        const page = pageOfPath(path);
        const file = normalize(join(root, page ?? path));
        if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        const type = contentTypes[extname(file)];
        if (!type) return next();
        const chosen = encodingFor(file, String(req.headers['accept-encoding'] ?? ''));
        res.setHeader('Content-Type', type);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', relative(root, file).startsWith(`${assetsDir}${sep}`) ? immutableAssetCache : pageCache);
        if (chosen.encoding) res.setHeader('Content-Encoding', chosen.encoding);
        res.setHeader('Content-Length', statSync(chosen.path).size);
        if (req.method === 'HEAD') return res.end();
        createReadStream(chosen.path).pipe(res);
      };
      // Added here rather than returned as a post hook: it must answer before Vite's own static files do.
      server.middlewares.use(serve);
    },
  };
}
