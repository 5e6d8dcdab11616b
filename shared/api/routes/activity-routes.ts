import { activityAnswerSchema, activityExportQuerySchema, activityQuerySchema, activityVerificationSchema } from '../../activity';
import { backgroundFileAnswerSchema } from '../../exports';
import type { RouteDefinition } from '../route-definition';

/**
 * The activity log (issue 21): the company's audit trail a page at a time, and its CSV through the background-file
 * protocol (the availability and file calls are transaction-routes.ts's). Accountants and above: it changes nothing.
 */
export const listActivity = {
  method: 'GET',
  path: '/activity',
  handler: 'activity/list-activity',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: activityQuerySchema,
  answer: activityAnswerSchema,
} as const satisfies RouteDefinition;

export const exportActivity = {
  method: 'GET',
  path: '/activity/export',
  handler: 'activity/request-activity-export',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  query: activityExportQuerySchema,
  answer: backgroundFileAnswerSchema,
} as const satisfies RouteDefinition;

/**
 * Issue 31: whether the log still matches its daily digests, as the digest job last checked it ("Activity verified
 * through <date>", or the first problem). Whoever reads the log reads this.
 */
export const getActivityVerification = {
  method: 'GET',
  path: '/activity/verification',
  handler: 'activity/get-activity-verification',
  access: { kind: 'member', minRole: 'accountant' },
  activeCompanyOnly: true,
  answer: activityVerificationSchema,
} as const satisfies RouteDefinition;
