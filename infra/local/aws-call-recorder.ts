import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { HandlerExecutionContext, InitializeHandler, InitializeHandlerArguments, MetadataBearer, MiddlewareStack } from '@smithy/types';
import { queueNameOf, recordedAccountId, recordedRegion, type RecordedCall, type RecordedCallsFile } from './recorded-aws-calls';

/** One request as IAM authorizes it: a call may be several (a transaction's items, a batch's tables, a copy's two objects). */
export interface IamRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
}

/** How a call is authorized: by IAM (its requests), by a user's token alone (Cognito's user APIs), or not known here. */
export type CallAuthorization =
  | { kind: 'iam'; requests: IamRequest[] }
  | { kind: 'not-iam-authorized'; action: string }
  | { kind: 'unmapped'; requests: IamRequest[] };

type Input = Record<string, unknown>;

const servicePrefixes: Record<string, string> = {
  DynamoDBClient: 'dynamodb',
  DynamoDBStreamsClient: 'dynamodb',
  S3Client: 's3',
  SQSClient: 'sqs',
  CognitoIdentityProviderClient: 'cognito-idp',
  SESv2Client: 'ses',
  SNSClient: 'sns',
  KMSClient: 'kms',
  SecretsManagerClient: 'secretsmanager',
};

const text = (input: Input, name: string): string | undefined => {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
};
const record = (value: unknown): Input => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Input) : {});
const list = (value: unknown): Input[] => (Array.isArray(value) ? value.map(record) : []);

const iam = (action: string, resource: string, context: IamRequest['context'] = {}): IamRequest => ({ action, resource, context });

/** An ARN of ours: the emulators' own region and account (DynamoDB Local's 'ddblocal') become the recorded ones. */
function ourArn(arn: string): string {
  const parts = arn.split(':');
  if (parts.length < 6 || parts[0] !== 'arn') return arn;
  if (parts[3]) parts[3] = recordedRegion;
  if (parts[4]) parts[4] = recordedAccountId;
  return parts.join(':');
}

const regional = (service: string, resource: string) => `arn:aws:${service}:${recordedRegion}:${recordedAccountId}:${resource}`;

/** A table named by name or by ARN (DynamoDB takes both). */
function tableArn(table: string | undefined): string {
  if (!table) return '*';
  if (table.startsWith('arn:')) return ourArn(table);
  return regional('dynamodb', `table/${table}`);
}

function dynamoDbRequests(operation: string, input: Input): IamRequest[] | undefined {
  const action = (name: string) => `dynamodb:${name}`;
  const table = text(input, 'TableName');
  switch (operation) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
    case 'DescribeTable':
      return [iam(action(operation), tableArn(table))];
    case 'Query':
    case 'Scan': {
      const index = text(input, 'IndexName');
      return [iam(action(operation), index ? `${tableArn(table)}/index/${index}` : tableArn(table))];
    }
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys(record(input.RequestItems)).map((name) => iam(action(operation), tableArn(name)));
    case 'TransactWriteItems':
      // IAM has no TransactWriteItems action: each item is authorized as the single-item write it is.
      return list(input.TransactItems).flatMap((item) => {
        const [kind, request] = Object.entries(item)[0] ?? [];
        const itemAction = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind ?? ''];
        return itemAction ? [iam(action(itemAction), tableArn(text(record(request), 'TableName')))] : [];
      });
    case 'TransactGetItems':
      return list(input.TransactItems).map((item) => iam(action('GetItem'), tableArn(text(record(item.Get), 'TableName'))));
    // The streams API (DynamoDBStreamsClient), on the stream's ARN; a shard iterator starts with it ("<arn>|...").
    case 'DescribeStream':
    case 'GetShardIterator': {
      const stream = text(input, 'StreamArn');
      return [iam(action(operation), stream ? ourArn(stream) : '*')];
    }
    case 'GetRecords': {
      const stream = text(input, 'ShardIterator')?.split('|')[0];
      return [iam(action(operation), stream?.startsWith('arn:') ? ourArn(stream) : '*')];
    }
    // No resource: IAM authorizes ListStreams on '*' only.
    case 'ListStreams':
      return [iam(action(operation), '*')];
    default:
      return undefined;
  }
}

const bucketArn = (bucket: string | undefined) => (bucket ? `arn:aws:s3:::${bucket}` : '*');
const objectArn = (bucket: string | undefined, key: string | undefined) => (bucket && key !== undefined ? `arn:aws:s3:::${bucket}/${key}` : '*');

/** CopyObject's source: "bucket/key" URL-encoded, maybe with a leading slash and "?versionId=". */
function copySourceArn(copySource: string | undefined): { resource: string; versioned: boolean } {
  if (!copySource) return { resource: '*', versioned: false };
  const [path = '', query = ''] = copySource.replace(/^\//, '').split('?');
  const decoded = decodeURIComponent(path);
  const slash = decoded.indexOf('/');
  if (slash < 0) return { resource: '*', versioned: false };
  return { resource: objectArn(decoded.slice(0, slash), decoded.slice(slash + 1)), versioned: /(^|&)versionId=/.test(query) };
}

function s3Requests(operation: string, input: Input): IamRequest[] | undefined {
  const bucket = text(input, 'Bucket');
  const object = objectArn(bucket, text(input, 'Key'));
  const versioned = text(input, 'VersionId') !== undefined;
  // The digests bucket's policy refuses a write without it (infra/stacks/stateful-stack.ts).
  const writeContext = (): IamRequest['context'] => {
    const ifNoneMatch = text(input, 'IfNoneMatch');
    return ifNoneMatch === undefined ? {} : { 's3:if-none-match': ifNoneMatch };
  };
  switch (operation) {
    case 'GetObject':
    case 'HeadObject':
      return [iam(versioned ? 's3:GetObjectVersion' : 's3:GetObject', object)];
    case 'PutObject':
    case 'CreateMultipartUpload':
    case 'UploadPart':
    case 'CompleteMultipartUpload':
      return [iam('s3:PutObject', object, writeContext())];
    // Not an SDK command: @aws-sdk/s3-presigned-post's policy, which lets its holder write the key as the signer.
    case 'CreatePresignedPost':
      return [iam('s3:PutObject', object)];
    case 'AbortMultipartUpload':
      return [iam('s3:AbortMultipartUpload', object)];
    case 'ListParts':
      return [iam('s3:ListMultipartUploadParts', object)];
    case 'DeleteObject':
      return [iam(versioned ? 's3:DeleteObjectVersion' : 's3:DeleteObject', object)];
    case 'DeleteObjects':
      return list(record(input.Delete).Objects).map((item) =>
        iam(text(item, 'VersionId') === undefined ? 's3:DeleteObject' : 's3:DeleteObjectVersion', objectArn(bucket, text(item, 'Key'))),
      );
    case 'CopyObject':
    case 'UploadPartCopy': {
      const source = copySourceArn(text(input, 'CopySource'));
      return [iam(source.versioned ? 's3:GetObjectVersion' : 's3:GetObject', source.resource), iam('s3:PutObject', object, writeContext())];
    }
    case 'ListObjectsV2':
    case 'ListObjects':
    case 'ListObjectVersions': {
      const prefix = text(input, 'Prefix');
      return [iam(operation === 'ListObjectVersions' ? 's3:ListBucketVersions' : 's3:ListBucket', bucketArn(bucket), prefix === undefined ? {} : { 's3:prefix': prefix })];
    }
    case 'HeadBucket':
      return [iam('s3:ListBucket', bucketArn(bucket))];
    case 'ListMultipartUploads':
      return [iam('s3:ListBucketMultipartUploads', bucketArn(bucket))];
    default:
      return undefined;
  }
}

/** The queue a URL names (its last path segment), as the ARN IAM matches. */
function queueArn(queueUrl: string | undefined): string {
  const name = queueUrl === undefined ? '' : queueNameOf(queueUrl);
  return name ? regional('sqs', name) : '*';
}

function sqsRequests(operation: string, input: Input): IamRequest[] | undefined {
  const queue = queueArn(text(input, 'QueueUrl'));
  const actions: Record<string, string> = {
    SendMessage: 'SendMessage',
    SendMessageBatch: 'SendMessage',
    ReceiveMessage: 'ReceiveMessage',
    DeleteMessage: 'DeleteMessage',
    DeleteMessageBatch: 'DeleteMessage',
    ChangeMessageVisibility: 'ChangeMessageVisibility',
    ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
    GetQueueAttributes: 'GetQueueAttributes',
    PurgeQueue: 'PurgeQueue',
  };
  if (operation === 'GetQueueUrl') return [iam('sqs:GetQueueUrl', queueArn(text(input, 'QueueName')))];
  const action = actions[operation];
  return action ? [iam(`sqs:${action}`, queue)] : undefined;
}

/**
 * Cognito's user APIs: authorized by the user's access token, or by nothing but the app client (sign-up, a forgotten
 * password); no IAM policy decides them.
 */
const cognitoUserApis: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUser',
  'DeleteUserAttributes',
  'GlobalSignOut',
  'ChangePassword',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserMFAPreference',
  'SetUserSettings',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
  'UpdateAuthEventFeedback',
  'GetUserAuthFactors',
]);

function cognitoAuthorization(operation: string, input: Input): CallAuthorization | undefined {
  if (cognitoUserApis.has(operation)) return { kind: 'not-iam-authorized', action: `cognito-idp:${operation}` };
  const pool = text(input, 'UserPoolId');
  if (!operation.startsWith('Admin') || !pool) return undefined;
  return { kind: 'iam', requests: [iam(`cognito-idp:${operation}`, regional('cognito-idp', `userpool/${pool}`))] };
}

/** An e-mail address from a From field that may carry a display name: "Portal <no-reply@example.com>". */
const addressOf = (from: string) => from.match(/<([^<>]+)>\s*$/)?.[1] ?? from.trim();

function sesRequests(operation: string, input: Input): IamRequest[] | undefined {
  if (operation !== 'SendEmail') return undefined;
  const from = text(input, 'FromEmailAddress');
  const identity = text(input, 'FromEmailAddressIdentityArn');
  const address = from === undefined ? undefined : addressOf(from);
  const resource = identity ? ourArn(identity) : address ? regional('ses', `identity/${address}`) : '*';
  return [iam('ses:SendEmail', resource, address === undefined ? {} : { 'ses:FromAddress': address })];
}

function snsRequests(operation: string, input: Input): IamRequest[] | undefined {
  if (operation !== 'Publish') return undefined;
  // A text message to a phone number has no resource ARN.
  const target = text(input, 'TopicArn') ?? text(input, 'TargetArn');
  return [iam('sns:Publish', target ? ourArn(target) : '*')];
}

/** A key named by ARN, alias or id. */
function keyArn(keyId: string | undefined): string {
  if (!keyId) return '*';
  if (keyId.startsWith('arn:')) return ourArn(keyId);
  return regional('kms', keyId.startsWith('alias/') ? keyId : `key/${keyId}`);
}

function kmsRequests(operation: string, input: Input): IamRequest[] | undefined {
  if (!['GenerateDataKey', 'GenerateDataKeyWithoutPlaintext', 'Decrypt', 'Encrypt', 'ReEncrypt', 'DescribeKey'].includes(operation)) return undefined;
  const context = Object.fromEntries(
    Object.entries(record(input.EncryptionContext)).flatMap(([key, value]) => (typeof value === 'string' ? [[`kms:EncryptionContext:${key}`, value]] : [])),
  );
  // A Decrypt without KeyId is authorized on the key its ciphertext names, which only KMS reads: '*' then, which no grant matches.
  return [iam(`kms:${operation}`, keyArn(text(input, 'KeyId')), context)];
}

function secretsManagerRequests(operation: string, input: Input): IamRequest[] | undefined {
  if (!['GetSecretValue', 'DescribeSecret'].includes(operation)) return undefined;
  const secret = text(input, 'SecretId');
  // A secret named by its name alone: its ARN's random suffix is not known here.
  return [iam(`secretsmanager:${operation}`, !secret ? '*' : secret.startsWith('arn:') ? ourArn(secret) : regional('secretsmanager', `secret:${secret}`))];
}

/**
 * What IAM authorizes when a client of `clientName` ('DynamoDBClient', as the SDK names it in a middleware's context)
 * sends `operation` ('PutItem', without "Command") with `input`. A call this does not know is 'unmapped': its action
 * is the operation under the service's prefix, on '*', which the role check refuses loudly instead of missing it.
 */
export function iamAuthorizationOf(clientName: string, operation: string, input: unknown): CallAuthorization {
  const fields = record(input);
  const prefix = servicePrefixes[clientName] ?? clientName.replace(/Client$/, '').toLowerCase().replace(/[^a-z0-9-]/g, '');
  const known = (requests: IamRequest[] | undefined): CallAuthorization | undefined => (requests ? { kind: 'iam', requests } : undefined);
  const authorization = (() => {
    switch (prefix) {
      case 'dynamodb':
        return known(dynamoDbRequests(operation, fields));
      case 's3':
        return known(s3Requests(operation, fields));
      case 'sqs':
        return known(sqsRequests(operation, fields));
      case 'cognito-idp':
        return cognitoAuthorization(operation, fields);
      case 'ses':
        return known(sesRequests(operation, fields));
      case 'sns':
        return known(snsRequests(operation, fields));
      case 'kms':
        return known(kmsRequests(operation, fields));
      case 'secretsmanager':
        return known(secretsManagerRequests(operation, fields));
      default:
        return undefined;
    }
  })();
  return authorization ?? { kind: 'unmapped', requests: [iam(`${prefix || 'unknown'}:${operation.replace(/[^A-Za-z0-9]/g, '')}`, '*')] };
}

/** The calls of one local cloud process, each distinct request once with its count. */
export class RecordedCallLog {
  readonly #calls = new Map<string, RecordedCall>();
  readonly #notIamAuthorized = new Map<string, number>();
  #changed = false;

  add(functionName: string, authorization: CallAuthorization): void {
    this.#changed = true;
    if (authorization.kind === 'not-iam-authorized') {
      this.#notIamAuthorized.set(authorization.action, (this.#notIamAuthorized.get(authorization.action) ?? 0) + 1);
      return;
    }
    for (const { action, resource, context } of authorization.requests) {
      const contextKey = Object.keys(context).length === 0 ? '' : JSON.stringify(context);
      const key = `${functionName}\n${action}\n${resource}\n${contextKey}`;
      const known = this.#calls.get(key);
      if (known) known.count += 1;
      else this.#calls.set(key, { function: functionName, action, resource, context, count: 1 });
    }
  }

  /** Whether anything was added since the last time this was asked. */
  takeChanged(): boolean {
    const changed = this.#changed;
    this.#changed = false;
    return changed;
  }

  file(label: string, environment: Record<string, string>): RecordedCallsFile {
    return {
      label,
      environment,
      calls: [...this.#calls.values()].map((call) => ({ ...call })),
      notIamAuthorized: Object.fromEntries(this.#notIamAuthorized),
    };
  }
}

const runningFunction = new AsyncLocalStorage<string>();

/**
 * Runs `work` as an invocation of the handler module `handler` ('funding/fund-employee'): the AWS calls it makes are
 * recorded as that function's. The local cloud's one place that invokes handlers (api-server.ts loadHandler) wraps
 * them in it; Lambda's own calls for a function (an event source's polling) run in it too.
 */
export function runAsFunction<T>(handler: string, work: () => T): T {
  return runningFunction.run(handler, work);
}

let activeLog: RecordedCallLog | null = null;
const warnedUnmapped = new Set<string>();

function recordCall(clientName: string, operation: string, input: unknown): void {
  const functionName = runningFunction.getStore();
  // Provisioning, seeding and a test's own clients call outside any function: no role of ours makes those.
  if (!activeLog || functionName === undefined) return;
  const authorization = iamAuthorizationOf(clientName, operation, input);
  if (authorization.kind === 'unmapped' && !warnedUnmapped.has(`${clientName}.${operation}`)) {
    warnedUnmapped.add(`${clientName}.${operation}`);
    console.warn(`aws-call-recorder: ${clientName} ${operation} (from ${functionName}) has no IAM mapping; recorded as ${authorization.requests[0]?.action} on '*' (infra/local/aws-call-recorder.ts)`);
  }
  activeLog.add(functionName, authorization);
}

const middlewareName = 'localCloudAwsCallRecorder';
const missingObjectReads: ReadonlySet<string> = new Set(['GetObject', 'HeadObject']);
/** Stacks already recording: the document client shares its base client's, and each call must count once. */
const recordingStacks = new WeakSet<object>();

/**
 * Records each command the client sends, as the function running it, while a recording runs (startRecordingAwsCalls);
 * without one it adds nothing. At 'initialize', before the retries, so a request counts once however often it is
 * retried; a presigned URL (getSignedUrl clones the client's stack) counts as the request it lets its holder make.
 */
export function recordCallsOf<ClientInput extends object, ClientOutput extends MetadataBearer>(client: { middlewareStack: MiddlewareStack<ClientInput, ClientOutput> }): void {
  if (!activeLog || recordingStacks.has(client.middlewareStack)) return;
  recordingStacks.add(client.middlewareStack);
  client.middlewareStack.add(
    (next: InitializeHandler<ClientInput, ClientOutput>, context: HandlerExecutionContext) => (args: InitializeHandlerArguments<ClientInput>) => {
      const operation = context.commandName?.replace(/Command$/, '');
      if (!context.clientName || !operation) return next(args);
      const clientName = context.clientName;
      recordCall(clientName, operation, args.input);
      if (!missingObjectReads.has(operation)) return next(args);
      return next(args).catch((error: unknown) => {
        // S3 answers a read of a missing key 404 only to a caller also allowed s3:ListBucket on the bucket, else 403:
        // code that treats "not there" as an answer (a staged upload, a day's digest) needs that grant too.
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) recordCall(clientName, 'ListObjectsV2', { Bucket: (args.input as { Bucket?: unknown }).Bucket });
        throw error;
      });
    },
    { step: 'initialize', name: middlewareName },
  );
}

interface PresignedPostModule {
  createPresignedPost: (client: unknown, params: { Bucket: string; Key: string }) => Promise<unknown>;
}

/**
 * A presigned POST is signed without the client's middleware (@aws-sdk/s3-presigned-post reads its config only), so
 * the package's export is wrapped: the policy lets its holder write Key as the function, an s3:PutObject of the
 * function's. The package is CommonJS, and an ES import takes its exports once, when the package is first imported,
 * which the seed's imports of function modules do: so this runs when this module is loaded (api-server.ts imports it
 * before the seed), records only while a recording runs, and a recording checks that it took.
 */
const recordingPresignedPost = (() => {
  const loaded = createRequire(import.meta.url)('@aws-sdk/s3-presigned-post') as PresignedPostModule;
  const original = loaded.createPresignedPost;
  const recording: PresignedPostModule['createPresignedPost'] = (client, params) => {
    recordCall('S3Client', 'CreatePresignedPost', params);
    return original(client, params);
  };
  loaded.createPresignedPost = recording;
  return recording;
})();

async function checkPresignedPostsRecorded(): Promise<void> {
  const imported = (await import('@aws-sdk/s3-presigned-post')) as unknown as PresignedPostModule;
  if (imported.createPresignedPost !== recordingPresignedPost) {
    throw new Error('@aws-sdk/s3-presigned-post was imported before infra/local/aws-call-recorder.ts, so presigned POSTs would go unrecorded: import the recorder earlier');
  }
}

export interface AwsCallRecording {
  /** Writes the file now: a process that ends without stopping (a test worker) loses nothing recorded before. */
  flush(): void;
  /** Writes the file a last time and ends the recording. */
  stop(): void;
}

/** How often the file is written again while calls come in: a cloud that is killed loses at most this much. */
const writeEveryMs = 2_000;

export interface AwsCallRecordingOptions {
  dir: string;
  label: string;
  environment: Record<string, string>;
}

/**
 * Records the AWS calls of every function the local cloud runs into `<dir>/<label>-<pid>.json` (recorded-aws-calls.ts).
 * It attaches itself to the functions' clients (functions/platform/aws), which are imported here, after the handlers'
 * environment is set: they read it when made.
 */
export async function startRecordingAwsCalls(options: AwsCallRecordingOptions): Promise<AwsCallRecording> {
  await checkPresignedPostsRecorded();
  const recording = recordAwsCallsToFile(options);
  const [{ cognito }, { dynamo, dynamoClient }, { kms }, { s3 }, { secretsManager }, { ses }, { sns }, { sqs }] = await Promise.all([
    import('@functions/platform/aws/cognito'),
    import('@functions/platform/aws/dynamo'),
    import('@functions/platform/aws/kms'),
    import('@functions/platform/aws/s3'),
    import('@functions/platform/aws/secrets-manager'),
    import('@functions/platform/aws/ses'),
    import('@functions/platform/aws/sns'),
    import('@functions/platform/aws/sqs'),
  ]);
  recordCallsOf(cognito);
  recordCallsOf(dynamoClient);
  // It shares its base client's stack, recorded already: this adds nothing, unless it one day gets its own.
  recordCallsOf(dynamo);
  recordCallsOf(kms);
  recordCallsOf(s3);
  recordCallsOf(secretsManager);
  recordCallsOf(ses);
  recordCallsOf(sns);
  recordCallsOf(sqs);
  return recording;
}

/**
 * Records what the clients given to recordCallsOf send, written whole and renamed, every two seconds while it changes
 * and at stop. startRecordingAwsCalls for the local cloud; alone in a unit test, whose process may have imported the
 * presigned POST package first.
 */
export function recordAwsCallsToFile({ dir, label, environment }: AwsCallRecordingOptions): AwsCallRecording {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${label}-${process.pid}.json`);
  const log = new RecordedCallLog();
  activeLog = log;
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(log.file(label, environment), null, 1));
    renameSync(`${file}.tmp`, file);
  };
  write();
  const timer = setInterval(() => {
    if (log.takeChanged()) write();
  }, writeEveryMs);
  timer.unref();
  return {
    flush: write,
    stop() {
      clearInterval(timer);
      if (activeLog === log) activeLog = null;
      write();
    },
  };
}
