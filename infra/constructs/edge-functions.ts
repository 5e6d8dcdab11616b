/**
 * Code of the CloudFront Functions (cloudfront-js-2.0). Kept as plain strings here so tests can run them in Node
 * exactly as CloudFront will.
 */

/**
 * The SPA's client-side routes (/dashboard, /users/42) have no object in the bucket: answer them with
 * index.html. Paths whose last segment has a dot are files (assets, config.json) and pass unchanged, so a missing
 * asset still fails loudly. Doing this here rather than with distribution-wide error responses keeps API errors
 * (a 404 from /api/*) intact.
 */
export const spaRewriteCode = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
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
