/**
 * The header CloudFront adds to every request it sends to the API (issue 30). HTTP APIs cannot carry a WAF web ACL, so
 * the API's own execute-api address would let anyone skip CloudFront's per-IP limits; the functions refuse a request
 * without this header's secret value. A viewer's own header of this name is overwritten by CloudFront.
 */
export const originVerifyHeader = 'x-origin-verify';

/**
 * Path prefix under which CloudFront forwards to the API; the API itself serves from /. The vite dev server and
 * preview forward it the same way (frontend/vite.config.ts), so PORTAL_URL + this prefix is the API everywhere.
 */
export const apiPathPrefix = '/api';

/** Whether a path is the API's, under apiPathPrefix: the web servers leave it to the API (never a page of the SPA). */
export const isApiPath = (path: string): boolean => path === apiPathPrefix || path.startsWith(`${apiPathPrefix}/`);
