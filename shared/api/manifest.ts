import * as accountRoutes from './routes/account-routes';
import * as approvalRoutes from './routes/approval-routes';
import * as activityRoutes from './routes/activity-routes';
import * as authorizationRoutes from './routes/authorization-routes';
import * as cardholderRoutes from './routes/cardholder-routes';
import * as dashboardRoutes from './routes/dashboard-routes';
import * as employeeRoutes from './routes/employee-routes';
import * as employeeImportRoutes from './routes/employee-import-routes';
import * as feeRoutes from './routes/fee-routes';
import * as fundingRoutes from './routes/funding-routes';
import * as fundingScheduleRoutes from './routes/funding-schedule-routes';
import * as integrationRoutes from './routes/integration-routes';
import * as issuerRoutes from './routes/issuer-routes';
import * as moneyRoutes from './routes/money-routes';
import * as onboardingRoutes from './routes/onboarding-routes';
import * as messagingRoutes from './routes/messaging-routes';
import * as reportRoutes from './routes/report-routes';
import * as invoiceRoutes from './routes/invoice-routes';
import * as reviewRoutes from './routes/review-routes';
import * as phoneRoutes from './routes/phone-routes';
import * as sessionRoutes from './routes/session-routes';
import * as teamRoutes from './routes/team-routes';
import * as transactionRoutes from './routes/transaction-routes';
import * as webhookRoutes from './routes/webhook-routes';
import * as topUpRoutes from './routes/top-up-routes';
import type { RouteDefinition } from './route-definition';

export type { HttpMethod, RouteAccess, RouteDefinition } from './route-definition';
export { checksCognitoToken } from './route-definition';

/**
 * The one list of API routes: CDK, the local adapter and the authorization tests read it. Routes are defined per
 * context (shared/api/routes/), so a screen's code carries only the schemas of the routes it calls.
 */
export const routes = [
  ...Object.values(sessionRoutes), ...Object.values(accountRoutes), ...Object.values(phoneRoutes),
  ...Object.values(teamRoutes), ...Object.values(onboardingRoutes), ...Object.values(reviewRoutes), ...Object.values(moneyRoutes),
  ...Object.values(employeeRoutes), ...Object.values(employeeImportRoutes), ...Object.values(issuerRoutes), ...Object.values(feeRoutes),
  ...Object.values(cardholderRoutes), ...Object.values(authorizationRoutes),
  ...Object.values(dashboardRoutes), ...Object.values(fundingRoutes), ...Object.values(fundingScheduleRoutes),
  ...Object.values(topUpRoutes),
  ...Object.values(transactionRoutes), ...Object.values(activityRoutes),
  ...Object.values(reportRoutes), ...Object.values(invoiceRoutes), ...Object.values(messagingRoutes),
  ...Object.values(integrationRoutes), ...Object.values(webhookRoutes), ...Object.values(approvalRoutes),
] satisfies readonly RouteDefinition[];

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Cognito triggers: wired by the stack, answered locally by the adapter's Lambda Invoke endpoint. */
export const cognitoTriggers = {
  customMessage: 'auth/build-custom-message',
} as const;

export { apiPathPrefix } from './origin';
