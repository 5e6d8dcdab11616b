import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createPrivateKey, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { uploadAnswerSchema, type DocumentContentType, type DocumentKind } from '@shared/onboarding/documents';
import { inject } from 'vitest';
import * as z from 'zod';
import { demoPassword, demoUsers, testOnlyUsers } from '../../infra/local/demo-data';
import { runAsFunction } from '../../infra/local/aws-call-recorder';
import { outboxEntrySchema } from '../../infra/local/outbox';
import { localClients } from '../../infra/local/provision';
import { projectRoot, testCloudBase, testCloudPorts } from '../../infra/local/settings';
import type { FixtureCloud } from './company-fixtures';

export const cloud = () => inject('cloud');

/**
 * A handler or job a test runs in its own process, run as the function the stack deploys it in, so that its AWS calls
 * are recorded as that function's for the role check (cloud-environment.ts), as the local cloud records its own.
 */
export function asFunction<Args extends unknown[], Result>(handler: string, work: (...args: Args) => Result): (...args: Args) => Result {
  return (...args) => runAsFunction(handler, () => work(...args));
}

/** The emulators' clients, as the local cloud itself builds them. */
export const emulators = () => localClients(testCloudPorts(testCloudBase()));

/** Direct table access, for arranging states no API offers yet. */
export function documents(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(emulators().dynamodb);
}

/** The local cloud as the shared fixtures (company-fixtures.ts) take it. */
export const fixtureCloud = (): FixtureCloud => ({ table: documents(), tableName: cloud().tableName, cognito: emulators().cognito, userPoolId: cloud().userPoolId });

/** Signs in as a real user would: password, then the SMS code Cognito sends (read from the outbox). */
export async function signIn(email: string, password = demoPassword, phone = seededPhone(email)): Promise<string> {
  return (await signInSession(email, password, phone)).accessToken;
}

/** One session's tokens, as a browser holds them after signing in with password and SMS code. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

export async function signInSession(email: string, password = demoPassword, phone = seededPhone(email)): Promise<SessionTokens> {
  const { userPoolClientId } = cloud();
  const client = emulators().cognito;
  const first = await client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  if (first.ChallengeName !== 'SMS_MFA') throw new Error(`expected an SMS challenge, got ${first.ChallengeName}`);
  const second = await client.send(
    new RespondToAuthChallengeCommand({
      ChallengeName: 'SMS_MFA',
      ClientId: userPoolClientId,
      Session: first.Session,
      ChallengeResponses: { USERNAME: email, SMS_MFA_CODE: await latestSmsCode(phone) },
    }),
  );
  const { AccessToken: accessToken, RefreshToken: refreshToken, IdToken: idToken } = second.AuthenticationResult ?? {};
  if (!accessToken || !refreshToken || !idToken) throw new Error('no tokens');
  return { accessToken, refreshToken, idToken };
}

/** Signs in a user who has no SMS second factor yet: Cognito answers the password alone with tokens. */
export async function signInWithoutSecondFactor(email: string, password = demoPassword): Promise<string> {
  const { userPoolClientId } = cloud();
  const answer = await emulators().cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`expected tokens without a second factor, got ${answer.ChallengeName}`);
  return token;
}

export { pastSessionCut } from '../session-cut';

/** The newest local outbox entries first. */
export async function outbox() {
  const answer = await fetch(`${cloud().apiUrl}/local/outbox.json`);
  return z.array(outboxEntrySchema).parse(await answer.json());
}

function seededPhone(email: string): string {
  return [...demoUsers, ...testOnlyUsers].find((u) => u.email === email)?.phone ?? '';
}

/** The token of the newest link to `path` (e.g. '/users/email/confirm') e-mailed to an address. */
export async function emailedLinkToken(email: string, path: string): Promise<string> {
  const mail = (await outbox()).find((entry) => entry.channel === 'email' && entry.to === email && entry.body.includes(`${path}/`));
  const token = mail?.body.match(new RegExp(`${path}/(\\S+)`))?.[1];
  if (!token) throw new Error(`no ${path} link for ${email} in the outbox`);
  return token;
}

/** The code of the newest SMS sent to a phone (digits, no plus). */
export async function latestSmsCode(phone: string): Promise<string> {
  const sms = (await outbox()).find((entry) => entry.channel === 'sms' && entry.to === `+${phone}`);
  if (!sms?.code) throw new Error(`no SMS code for +${phone} in the outbox`);
  return sms.code;
}

/** A route's path with each `{name}` filled in, for calls where the value does not matter (the caller is refused first). */
export const concretePath = (path: string) => path.replace(/\{(\w+)\}/g, 'some-$1');

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function api(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cloud().apiUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the assertion will show the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A token signed with cognito-local's own key, for the cases a real sign-in cannot produce (expired, foreign). */
export async function forgeToken(claims: Record<string, unknown>, options: { expiresAt: number; issuer?: string }): Promise<string> {
  const jwk = JSON.parse(
    readFileSync(join(projectRoot, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
  ) as { jwk: Record<string, string> };
  const key = createPrivateKey({ key: jwk.jwk, format: 'jwk' });
  const { cognitoUrl, userPoolId } = cloud();
  // A session's own claims, as Cognito's tokens carry them, unless the test names others (or undefined to leave one out).
  const session = { auth_time: options.expiresAt - 900, origin_jti: randomUUID() };
  return new SignJWT(Object.fromEntries(Object.entries({ ...session, ...claims }).filter(([, value]) => value !== undefined)))
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(options.issuer ?? `${cognitoUrl}/${userPoolId}`)
    .setIssuedAt(options.expiresAt - 900)
    .setExpirationTime(options.expiresAt)
    .sign(key);
}

/** A file as the browser would send it: `size` is what the browser declares, `bytes` what it really uploads. */
export interface UploadFile {
  kind: DocumentKind;
  fileName: string;
  contentType: DocumentContentType;
  bytes: Uint8Array;
  size?: number;
}

/**
 * The browser's side of a document upload: asks the API for a presigned POST, then sends its fields and the file
 * (last, as S3 requires) as form data straight to the bucket. Answers the document id; confirming is up to the test.
 */
export async function uploadToBucket(token: string, file: UploadFile): Promise<string> {
  const created = await api('POST', '/onboarding/documents', {
    token,
    body: { kind: file.kind, fileName: file.fileName, contentType: file.contentType, size: file.size ?? file.bytes.length },
  });
  if (created.status !== 200) throw new Error(`upload refused: ${created.status} ${JSON.stringify(created.body)}`);
  const upload = uploadAnswerSchema.parse(created.body);
  const stored = await sendToBucket(upload, file);
  if (!stored.ok) throw new Error(`the bucket refused the upload: ${stored.status} ${await stored.text()}`);
  return upload.documentId;
}

/** The presigned POST itself: its fields, then the file (S3 ignores whatever follows the file). */
export function sendToBucket(upload: { url: string; fields: Record<string, string> }, file: UploadFile, headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.fileName);
  return fetch(upload.url, { method: 'POST', body: form, headers });
}

/** Uploads and confirms a document that the API must accept; answers its id. */
export async function uploadDocument(token: string, file: UploadFile): Promise<string> {
  const documentId = await uploadToBucket(token, file);
  const confirmed = await api('POST', `/onboarding/documents/${documentId}/confirm`, { token });
  if (confirmed.status !== 200) throw new Error(`confirm refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return documentId;
}

/** The bytes behind a presigned download link, as the browser would read them. */
export async function download(url: string): Promise<{ status: number; bytes: Buffer; contentType: string | null; contentDisposition: string | null }> {
  const response = await fetch(url);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type'),
    contentDisposition: response.headers.get('content-disposition'),
  };
}

/** Whether the documents bucket holds an object at this key (a staged upload or a kept file). */
export async function storedInDocuments(key: string): Promise<boolean> {
  try {
    await emulators().s3.send(new HeadObjectCommand({ Bucket: cloud().handlerEnvironment.DOCUMENTS_BUCKET, Key: key }));
    return true;
  } catch (error) {
    if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return false;
    throw error;
  }
}
