import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiPathPrefix, type RouteDefinition, routes } from '../../shared/api/manifest';
import type { DeployConfig } from '../deploy-config';
import { guardedRouteThrottles } from './stateless-stack';

/** CloudFront takes a web ACL made in us-east-1 only, whatever region the portal runs in. */
export const edgeRegion = 'us-east-1';

export interface EdgeWafStackProps extends StackProps {
  readonly waf: NonNullable<DeployConfig['waf']>;
}

/** The guarded public routes (stateless-stack.ts guardedRouteThrottles), as CloudFront receives them (with the API's prefix). */
export function guardedRoutePaths(): { method: string; path: string }[] {
  return (routes as readonly RouteDefinition[])
    .filter((route) => route.handler in guardedRouteThrottles)
    .map((route) => {
      // A byte match compares the whole path: a route with a parameter would need a regex of its own.
      if (route.path.includes('{')) throw new Error(`${route.method} ${route.path} is guarded and has a path parameter: match it by pattern`);
      return { method: route.method, path: `${apiPathPrefix}${route.path}` };
    });
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const exactly = (field: wafv2.CfnWebACL.FieldToMatchProperty, value: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: field, positionalConstraint: 'EXACTLY', searchString: value, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? (statements[0] as wafv2.CfnWebACL.StatementProperty) : { orStatement: { statements } };

/**
 * The optional web ACL in front of CloudFront (the deploy configuration's `waf`): per client IP and 5 minutes, a cap on
 * the requests to the guarded public routes: messages, sign-up, codes (the API stage's route throttles cap them for all callers
 * together; this one stops a single source well before that), a cap on all requests, and AWS's list of IPs known
 * for bots and attacks. Everything else is allowed; the API's own checks stay as they are. AWS's common rule set is
 * left out on purpose: its 8 KB body limit would block a funding CSV, which is sent in the request body.
 */
export class EdgeWafStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeWafStackProps) {
    super(scope, id, props);
    const guardedRoutes = guardedRoutePaths();
    const acl = new wafv2.CfnWebACL(this, 'PortalWebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Bonus card portal: rate limits per client IP and the IP reputation list',
      visibilityConfig: visibility('portal-web-acl'),
      rules: [
        {
          name: 'AwsIpReputationList',
          priority: 0,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
          visibilityConfig: visibility('portal-ip-reputation'),
        },
        {
          name: 'GuardedRequestsPerIp',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: props.waf.guardedRequestsPerIp,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: anyOf(
                guardedRoutes.map((route) => ({
                  andStatement: { statements: [exactly({ method: {} }, route.method), exactly({ uriPath: {} }, route.path)] },
                })),
              ),
            },
          },
          visibilityConfig: visibility('portal-guarded-requests-per-ip'),
        },
        {
          name: 'RequestsPerIp',
          priority: 2,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: { rateBasedStatement: { limit: props.waf.requestsPerIp, evaluationWindowSec: 300, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('portal-requests-per-ip'),
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
