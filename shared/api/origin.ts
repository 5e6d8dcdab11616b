/**
 * The header CloudFront adds to every request it sends to the API (issue 30). HTTP APIs cannot carry a WAF web ACL, so
 * the API's own execute-api address would let anyone skip CloudFront's per-IP limits; the functions refuse a request
 * without this header's secret value. A viewer's own header of this name is overwritten by CloudFront.
 */
export const originVerifyHeader = 'x-origin-verify';
