import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The typeface of invoices: DejaVu Sans (the pinned npm package dejavu-fonts-ttf; Bitstream Vera licence and public
 * domain changes, free to embed), which has the Latvian letters and Cyrillic that the PDF standard fonts lack. PDFKit
 * embeds only the glyphs a document uses (a subset), so a PDF stays some tens of kilobytes.
 */
export const invoiceFontPackage = 'dejavu-fonts-ttf';
export const invoiceFontFiles = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/** Where in its package each file lies. */
export const invoiceFontPackageDir = 'ttf';
/** Where the stack copies them, beside the bundle of each function that makes PDFs (infra/definitions.ts bundledFiles). */
export const bundledFontDir = 'fonts';

/**
 * Where a font file lies: beside the bundle in a deployed function, in the package in node_modules when the source runs
 * as it is (the local cloud, tests). PDFKit reads it from there.
 */
export function invoiceFontPath(file: string): string {
  const beside = fileURLToPath(new URL(`./${bundledFontDir}/${file}`, import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve(`${invoiceFontPackage}/${invoiceFontPackageDir}/${file}`);
}
