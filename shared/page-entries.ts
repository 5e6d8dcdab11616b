/**
 * The built HTML pages and the paths each one serves: the employees' /card page is its own small entry (card.html);
 * every other path without a file extension is the portal's single-page app (index.html). One source for Vite's dev
 * and preview servers and for CloudFront's viewer-request function.
 */
export const pageEntries = { card: 'card.html', portal: 'index.html' } as const;

/**
 * An employee's own card (sign-in by phone and SMS code), apart from the staff's sign-in: card.html serves it and
 * anything below it. shared/routes.ts lists it as `paths.card`. (No imports here: Vite's config reads this file.)
 */
export const cardPagePrefix = '/card';

/** The HTML page a request path is answered with, or null for a file (its last segment has a dot). */
export function pageOfPath(path: string): (typeof pageEntries)[keyof typeof pageEntries] | null {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return null;
  return path === cardPagePrefix || path.startsWith(`${cardPagePrefix}/`) ? pageEntries.card : pageEntries.portal;
}

/** Where Vite puts the hashed build files (its build.assetsDir). */
export const assetsDir = 'assets';
/** A hashed build file never changes under its name: browsers and CloudFront keep it a year. */
export const immutableAssetCache = 'public, max-age=31536000, immutable';
/** The pages, config.json and the favicon are checked again on every load, so a deploy shows at once. */
export const pageCache = 'no-cache';
