import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { originVerifyHeader } from '@shared/api/origin';
import { DomainError } from './errors';

/**
 * Refuses a request that did not come through CloudFront (403 DIRECT_API_ACCESS_REFUSED) when the deployment names
 * the value CloudFront adds; without one (the local cloud) every request passes. Compared in constant time over
 * hashes, so neither the value nor its length leaks through timing.
 */
export function refuseDirectCalls(event: Pick<APIGatewayProxyEventV2, 'headers'>, expected: string | undefined): void {
  if (expected === undefined) return;
  const given = event.headers?.[originVerifyHeader];
  if (given === undefined || !timingSafeEqual(digest(given), digest(expected))) throw new DomainError(403, 'DIRECT_API_ACCESS_REFUSED');
}

const digest = (value: string) => createHash('sha256').update(value).digest();
