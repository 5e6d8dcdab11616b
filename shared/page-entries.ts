/**
 * The built HTML pages and the paths each one serves: the employees' /card page (card.html) and the staff's sign-in
 * (sign-in.html) are small entries of their own; every other path without a file extension is the portal's
 * single-page app (index.html). One source for Vite's dev and preview servers and for CloudFront's viewer-request
 * function.
 */
export const pageEntries = { card: 'card.html', signIn: 'sign-in.html', portal: 'index.html' } as const;
export type PageEntry = (typeof pageEntries)[keyof typeof pageEntries];

/**
 * An employee's own card (sign-in by phone and SMS code), apart from the staff's sign-in: card.html serves it and
 * anything below it. shared/routes.ts lists it as `paths.card`. (No imports here: Vite's config reads this file.)
 */
export const cardPagePrefix = '/card';

/**
 * Where most visits start: the staff's sign-in with its SMS step, which sign-in.html serves without the signed-in
 * portal's code (issue 19). shared/routes.ts lists them as `paths.root`, `paths.login` and `paths.phoneVerify`.
 */
export const signInPagePaths = { root: '/', login: '/login', phoneVerify: '/phone/verify' } as const;
const signInPaths: readonly string[] = Object.values(signInPagePaths);

/** The HTML page a request path (or a link, with its query or fragment) is answered with; null for a file (its last segment has a dot). */
export function pageOfPath(pathOrLink: string): PageEntry | null {
  const path = pathOrLink.split(/[?#]/)[0] ?? pathOrLink;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return null;
  if (path === cardPagePrefix || path.startsWith(`${cardPagePrefix}/`)) return pageEntries.card;
  return signInPaths.includes(path) ? pageEntries.signIn : pageEntries.portal;
}

/** Where Vite puts the hashed build files (its build.assetsDir). */
export const assetsDir = 'assets';
/** A hashed build file never changes under its name: browsers and CloudFront keep it a year. */
export const immutableAssetCache = 'public, max-age=31536000, immutable';
/** The pages, config.json and the favicon are checked again on every load, so a deploy shows at once. */
export const pageCache = 'no-cache';
