import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { issuerSignatureHeader, issuerSignatureToleranceSeconds } from '@shared/issuer-events';
import { secretsManager } from '../platform/aws/secrets-manager';
import { issuerWebhookSecretSource } from '../platform/env';
import { DomainError, validationFailed } from '../platform/errors';
import { logger } from '../platform/logger';
import { fieldErrorsOf, safeParseReportingInput } from '../platform/validation';

/**
 * The card issuer's webhook signature (shared/issuer-events.ts): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`. The timestamp is inside the signed text, so a captured request cannot be replayed with a
 * fresh time, and the tolerance keeps an old one from being replayed as it is.
 */
export function signIssuerEvent(secret: string, rawBody: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${digestOf(secret, timestamp, rawBody).toString('hex')}`;
}

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'expired' | 'mismatch';

export function verifyIssuerSignature(secret: string, rawBody: string, header: string | undefined, now: Date = new Date()): SignatureCheck {
  if (header === undefined || header.trim() === '') return 'missing';
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return 'malformed';
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) return 'malformed';
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return 'malformed';
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (a future v2) are ignored, as the issuer's format allows.
  }
  if (timestamp === undefined || signatures.length === 0) return 'malformed';
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > issuerSignatureToleranceSeconds) return 'expired';
  const expected = digestOf(secret, timestamp, rawBody);
  // Every candidate is compared, so the time taken does not tell which one (or how much of one) matched.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  return matched ? 'valid' : 'mismatch';
}

function digestOf(secret: string, timestamp: number, rawBody: string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
}

let secret: Promise<string> | undefined;

/**
 * The webhook secret: read from Secrets Manager once per cold start in the cloud, taken from the environment
 * locally. A failed read is not kept, so the next event tries again.
 */
export function issuerWebhookSecret(): Promise<string> {
  secret ??= readSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

async function readSecret(): Promise<string> {
  const { ISSUER_WEBHOOK_SECRET, ISSUER_WEBHOOK_SECRET_ARN } = issuerWebhookSecretSource();
  if (ISSUER_WEBHOOK_SECRET !== undefined) return ISSUER_WEBHOOK_SECRET;
  const answer = await secretsManager.send(new GetSecretValueCommand({ SecretId: ISSUER_WEBHOOK_SECRET_ARN }));
  if (!answer.SecretString || answer.SecretString.length < 32) throw new Error('the issuer webhook secret is missing or shorter than 32 characters');
  return answer.SecretString;
}

/**
 * The body of a request the card issuer signed, parsed by `schema` only after the signature over the raw bytes was
 * checked (parsing first would check something other than what was signed): 401 WEBHOOK_SIGNATURE_INVALID, then 400.
 */
export async function signedIssuerBody<T extends z.ZodMiniType>(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded' | 'headers' | 'requestContext'>, schema: T): Promise<z.infer<T>> {
  const rawBody = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const check = verifyIssuerSignature(await issuerWebhookSecret(), rawBody, event.headers[issuerSignatureHeader]);
  if (check !== 'valid') {
    // The source address is the one thing that tells a misconfigured issuer from someone probing the route.
    logger.warn('issuer request refused', { reason: check, path: event.requestContext.http.path, sourceIp: event.requestContext.http.sourceIp });
    throw new DomainError(401, 'WEBHOOK_SIGNATURE_INVALID');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new DomainError(400, 'MALFORMED_JSON');
  }
  const parsed = safeParseReportingInput(schema, json);
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
  return parsed.data as z.infer<T>;
}
