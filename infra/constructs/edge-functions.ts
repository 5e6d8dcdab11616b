import { cardPagePrefix, pageEntries, signInPagePaths } from '../../shared/page-entries';

/**
 * Code of the CloudFront Functions (cloudfront-js-2.0). Kept as plain strings here so tests can run them in Node
 * exactly as CloudFront will.
 */

/**
 * The page entries' paths (shared/page-entries.ts) have no object in the bucket: /card and below it are answered with
 * card.html, the employees' small page; the sign-in's paths with sign-in.html; the portal's client-side routes
 * (/dashboard, /users/42) with index.html.
 * Paths whose last segment has a dot are files (assets, config.json) and pass unchanged, so a missing asset still
 * fails loudly. Doing this here rather than with distribution-wide error responses keeps API errors (a 404 from
 * /api/*) intact.
 */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    var card = uri === '${cardPagePrefix}' || uri.indexOf('${cardPagePrefix}/') === 0;
    var signIn = ${JSON.stringify(Object.values(signInPagePaths))}.indexOf(uri) !== -1;
    request.uri = card ? '/${pageEntries.card}' : signIn ? '/${pageEntries.signIn}' : '/${pageEntries.portal}';
  }
  return request;
}`;

/** The API serves from /, the browser calls it under /api on the portal's own origin. */
export function stripPrefixCode(prefix: string): string {
  return `function handler(event) {
  var request = event.request;
  if (request.uri === '${prefix}' || request.uri.indexOf('${prefix}/') === 0) {
    request.uri = request.uri.substring(${prefix.length}) || '/';
  }
  return request;
}`;
}
