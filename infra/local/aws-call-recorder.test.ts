import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type * as PresignedPost from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iamAuthorizationOf, recordAwsCallsToFile, recordCallsOf, RecordedCallLog, runAsFunction, type CallAuthorization } from './aws-call-recorder';
import { recordedCallsFileSchema } from './recorded-aws-calls';
import { projectRoot } from './settings';

const table = 'arn:aws:dynamodb:eu-west-1:000000000000:table/portal';
const requests = (clientName: string, operation: string, input: unknown) => {
  const authorization = iamAuthorizationOf(clientName, operation, input);
  expect(authorization.kind).toBe('iam');
  return authorization.kind === 'iam' ? authorization.requests : [];
};
const one = (action: string, resource: string, context = {}) => [{ action, resource, context }];

describe('what IAM authorizes for a DynamoDB call', () => {
  it('is the table for single items, and the index for a query of one', () => {
    for (const operation of ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'DescribeTable']) {
      expect(requests('DynamoDBClient', operation, { TableName: 'portal', Key: { pk: 'a' } })).toEqual(one(`dynamodb:${operation}`, table));
    }
    expect(requests('DynamoDBClient', 'Query', { TableName: 'portal' })).toEqual(one('dynamodb:Query', table));
    expect(requests('DynamoDBClient', 'Query', { TableName: 'portal', IndexName: 'gsi1' })).toEqual(one('dynamodb:Query', `${table}/index/gsi1`));
    expect(requests('DynamoDBClient', 'Scan', { TableName: 'portal', IndexName: 'gsi2' })).toEqual(one('dynamodb:Scan', `${table}/index/gsi2`));
    expect(requests('DynamoDBClient', 'GetItem', { TableName: 'arn:aws:dynamodb:ddblocal:000000000000:table/portal' })).toEqual(one('dynamodb:GetItem', table));
  });

  it('is each table of a batch', () => {
    expect(requests('DynamoDBClient', 'BatchGetItem', { RequestItems: { portal: { Keys: [] }, other: { Keys: [] } } })).toEqual([
      ...one('dynamodb:BatchGetItem', table),
      ...one('dynamodb:BatchGetItem', 'arn:aws:dynamodb:eu-west-1:000000000000:table/other'),
    ]);
    expect(requests('DynamoDBClient', 'BatchWriteItem', { RequestItems: { portal: [] } })).toEqual(one('dynamodb:BatchWriteItem', table));
  });

  it("is each item of a transaction as the single-item request it is (IAM has no transaction actions)", () => {
    const items = [{ Put: { TableName: 'portal' } }, { Update: { TableName: 'portal' } }, { Delete: { TableName: 'portal' } }, { ConditionCheck: { TableName: 'portal' } }];
    expect(requests('DynamoDBClient', 'TransactWriteItems', { TransactItems: items }).map((r) => r.action)).toEqual([
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ]);
    expect(requests('DynamoDBClient', 'TransactGetItems', { TransactItems: [{ Get: { TableName: 'portal' } }, { Get: { TableName: 'portal' } }] })).toEqual([
      ...one('dynamodb:GetItem', table),
      ...one('dynamodb:GetItem', table),
    ]);
  });

  it("is the stream for the streams API, in our region and account (DynamoDB Local's are its own)", () => {
    const local = 'arn:aws:dynamodb:ddblocal:000000000000:table/portal/stream/2026-11-27T20:59:29.881';
    const ours = `${table}/stream/2026-11-27T20:59:29.881`;
    expect(requests('DynamoDBStreamsClient', 'DescribeStream', { StreamArn: local })).toEqual(one('dynamodb:DescribeStream', ours));
    expect(requests('DynamoDBStreamsClient', 'GetShardIterator', { StreamArn: local, ShardId: 's' })).toEqual(one('dynamodb:GetShardIterator', ours));
    // An iterator names its stream first, in DynamoDB Local as in AWS.
    expect(requests('DynamoDBStreamsClient', 'GetRecords', { ShardIterator: `${local}|001|c2hhcmRJZC0w` })).toEqual(one('dynamodb:GetRecords', ours));
    expect(requests('DynamoDBStreamsClient', 'ListStreams', { TableName: 'portal' })).toEqual(one('dynamodb:ListStreams', '*'));
  });
});

describe('what IAM authorizes for an S3 call', () => {
  const object = 'arn:aws:s3:::portal-documents/staged/a b.pdf';
  it('reads and writes objects by their ARN', () => {
    const input = { Bucket: 'portal-documents', Key: 'staged/a b.pdf' };
    expect(requests('S3Client', 'GetObject', input)).toEqual(one('s3:GetObject', object));
    expect(requests('S3Client', 'HeadObject', input)).toEqual(one('s3:GetObject', object));
    expect(requests('S3Client', 'GetObject', { ...input, VersionId: 'v1' })).toEqual(one('s3:GetObjectVersion', object));
    for (const operation of ['PutObject', 'CreateMultipartUpload', 'UploadPart', 'CompleteMultipartUpload', 'CreatePresignedPost']) {
      expect(requests('S3Client', operation, input)).toEqual(one('s3:PutObject', object));
    }
    expect(requests('S3Client', 'AbortMultipartUpload', input)).toEqual(one('s3:AbortMultipartUpload', object));
    expect(requests('S3Client', 'DeleteObject', input)).toEqual(one('s3:DeleteObject', object));
  });

  it('carries a conditional write’s If-None-Match, which the digests bucket requires', () => {
    expect(requests('S3Client', 'PutObject', { Bucket: 'portal-audit-digests', Key: 'digests/c/d.json', IfNoneMatch: '*' })).toEqual(
      one('s3:PutObject', 'arn:aws:s3:::portal-audit-digests/digests/c/d.json', { 's3:if-none-match': '*' }),
    );
  });

  it('deletes each key of a DeleteObjects', () => {
    expect(requests('S3Client', 'DeleteObjects', { Bucket: 'b', Delete: { Objects: [{ Key: 'x' }, { Key: 'y' }] } })).toEqual([
      ...one('s3:DeleteObject', 'arn:aws:s3:::b/x'),
      ...one('s3:DeleteObject', 'arn:aws:s3:::b/y'),
    ]);
  });

  it('reads the source and writes the target of a copy', () => {
    expect(requests('S3Client', 'CopyObject', { Bucket: 'portal-documents', Key: 'kept/a', CopySource: encodeURI('portal-documents/staged/a b.pdf') })).toEqual([
      ...one('s3:GetObject', object),
      ...one('s3:PutObject', 'arn:aws:s3:::portal-documents/kept/a'),
    ]);
    expect(requests('S3Client', 'CopyObject', { Bucket: 'b', Key: 'k', CopySource: '/b/s?versionId=3' })[0]).toEqual({ action: 's3:GetObjectVersion', resource: 'arn:aws:s3:::b/s', context: {} });
  });

  it('lists the bucket, with the prefix as a condition', () => {
    expect(requests('S3Client', 'ListObjectsV2', { Bucket: 'portal-audit-digests', Prefix: 'digests/c/' })).toEqual(
      one('s3:ListBucket', 'arn:aws:s3:::portal-audit-digests', { 's3:prefix': 'digests/c/' }),
    );
    expect(requests('S3Client', 'ListObjects', { Bucket: 'b' })).toEqual(one('s3:ListBucket', 'arn:aws:s3:::b'));
    expect(requests('S3Client', 'HeadBucket', { Bucket: 'b' })).toEqual(one('s3:ListBucket', 'arn:aws:s3:::b'));
  });
});

describe('what IAM authorizes for the other services', () => {
  it('names the queue of a URL', () => {
    const queue = 'arn:aws:sqs:eu-west-1:000000000000:portal-funding';
    const QueueUrl = 'http://sqs.eu-west-1.localhost:14566/000000000000/portal-funding';
    const actions = {
      SendMessage: 'SendMessage',
      SendMessageBatch: 'SendMessage',
      ReceiveMessage: 'ReceiveMessage',
      DeleteMessage: 'DeleteMessage',
      DeleteMessageBatch: 'DeleteMessage',
      ChangeMessageVisibility: 'ChangeMessageVisibility',
      ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
      GetQueueAttributes: 'GetQueueAttributes',
    };
    for (const [operation, action] of Object.entries(actions)) expect(requests('SQSClient', operation, { QueueUrl })).toEqual(one(`sqs:${action}`, queue));
    expect(requests('SQSClient', 'GetQueueUrl', { QueueName: 'portal-funding' })).toEqual(one('sqs:GetQueueUrl', queue));
  });

  it("authorizes Cognito's admin APIs on the user pool, and counts its user APIs apart", () => {
    const pool = 'arn:aws:cognito-idp:eu-west-1:000000000000:userpool/eu-west-1_abc';
    for (const operation of ['AdminCreateUser', 'AdminDeleteUser', 'AdminGetUser', 'AdminUpdateUserAttributes', 'AdminSetUserMFAPreference', 'AdminUserGlobalSignOut']) {
      expect(requests('CognitoIdentityProviderClient', operation, { UserPoolId: 'eu-west-1_abc', Username: 'u' })).toEqual(one(`cognito-idp:${operation}`, pool));
    }
    const userApis = ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword', 'VerifyUserAttribute', 'GetUserAttributeVerificationCode', 'SetUserMFAPreference', 'GetUser', 'GlobalSignOut', 'ChangePassword', 'InitiateAuth', 'RespondToAuthChallenge'];
    for (const operation of userApis) {
      expect(iamAuthorizationOf('CognitoIdentityProviderClient', operation, { ClientId: 'c' })).toEqual({ kind: 'not-iam-authorized', action: `cognito-idp:${operation}` });
    }
  });

  it('sends e-mail as the From identity, with the address as a condition', () => {
    const expected = one('ses:SendEmail', 'arn:aws:ses:eu-west-1:000000000000:identity/no-reply@bonus-card.local', { 'ses:FromAddress': 'no-reply@bonus-card.local' });
    expect(requests('SESv2Client', 'SendEmail', { FromEmailAddress: 'no-reply@bonus-card.local' })).toEqual(expected);
    expect(requests('SESv2Client', 'SendEmail', { FromEmailAddress: 'Bonus Card <no-reply@bonus-card.local>' })).toEqual(expected);
  });

  it('publishes a text message on no resource, and to a topic on the topic', () => {
    expect(requests('SNSClient', 'Publish', { PhoneNumber: '+37120000000', Message: 'm' })).toEqual(one('sns:Publish', '*'));
    expect(requests('SNSClient', 'Publish', { TopicArn: 'arn:aws:sns:us-east-1:123456789012:alerts', Message: 'm' })).toEqual(one('sns:Publish', 'arn:aws:sns:eu-west-1:000000000000:alerts'));
  });

  it('uses a KMS key with its encryption context as conditions', () => {
    const KeyId = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd';
    const key = 'arn:aws:kms:eu-west-1:000000000000:key/1234abcd';
    const EncryptionContext = { purpose: 'webhook-secret', endpointId: 'e1' };
    const context = { 'kms:EncryptionContext:purpose': 'webhook-secret', 'kms:EncryptionContext:endpointId': 'e1' };
    expect(requests('KMSClient', 'GenerateDataKey', { KeyId, KeySpec: 'AES_256', EncryptionContext })).toEqual(one('kms:GenerateDataKey', key, context));
    expect(requests('KMSClient', 'Decrypt', { KeyId, CiphertextBlob: new Uint8Array(), EncryptionContext })).toEqual(one('kms:Decrypt', key, context));
    expect(requests('KMSClient', 'Encrypt', { KeyId: 'alias/portal' })).toEqual(one('kms:Encrypt', 'arn:aws:kms:eu-west-1:000000000000:alias/portal'));
  });

  it('reads a secret by its ARN', () => {
    expect(requests('SecretsManagerClient', 'GetSecretValue', { SecretId: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:issuer-AbCdEf' })).toEqual(
      one('secretsmanager:GetSecretValue', 'arn:aws:secretsmanager:eu-west-1:000000000000:secret:issuer-AbCdEf'),
    );
  });

  it('records a call it does not know as its operation on "*", which no role allows', () => {
    expect(iamAuthorizationOf('DynamoDBClient', 'ExecuteStatement', { Statement: 'SELECT' })).toEqual({ kind: 'unmapped', requests: one('dynamodb:ExecuteStatement', '*') });
    expect(iamAuthorizationOf('LambdaClient', 'Invoke', {})).toEqual({ kind: 'unmapped', requests: one('lambda:Invoke', '*') });
  });
});

/** The client each SDK package's commands are sent with. */
const clientOfPackage: Record<string, string> = {
  'client-dynamodb': 'DynamoDBClient',
  'lib-dynamodb': 'DynamoDBClient',
  'client-dynamodb-streams': 'DynamoDBStreamsClient',
  'client-s3': 'S3Client',
  'client-sqs': 'SQSClient',
  'client-cognito-identity-provider': 'CognitoIdentityProviderClient',
  'client-sesv2': 'SESv2Client',
  'client-sns': 'SNSClient',
  'client-kms': 'KMSClient',
  'client-secrets-manager': 'SecretsManagerClient',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('every command the functions and the local Lambda service send', () => {
  it('is mapped', () => {
    const lowLevel = createRequire(import.meta.url)('@aws-sdk/lib-dynamodb') as Record<string, new (input: object) => { clientCommand: object }>;
    const files = [...sourceFiles(join(projectRoot, 'functions')), join(projectRoot, 'infra/local/queue-workers.ts'), join(projectRoot, 'infra/local/outbox-relay.ts')];
    const sent = new Map<string, string>();
    for (const file of files) {
      for (const [, names = '', pkg = ''] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@aws-sdk\/([\w-]+)'/g)) {
        for (const name of names.split(',').map((n) => n.trim())) {
          if (!/^\w+Command$/.test(name)) continue;
          const clientName = clientOfPackage[pkg];
          expect(clientName, `${relative(projectRoot, file)} imports ${name} from @aws-sdk/${pkg}, whose client the recorder does not know`).toBeDefined();
          const command = pkg === 'lib-dynamodb' ? (new (lowLevel[name] as new (input: object) => { clientCommand: object })({}).clientCommand.constructor.name) : name;
          sent.set(`${clientName} ${command.replace(/Command$/, '')}`, relative(projectRoot, file));
        }
      }
    }
    // Every field any mapping reads, so that a known command is known whatever its input.
    const input = { TableName: 'portal', RequestItems: { portal: {} }, TransactItems: [], StreamArn: 'arn:aws:dynamodb:r:a:table/t/stream/s', Bucket: 'b', Key: 'k', CopySource: 'b/k', QueueUrl: 'http://q/0/q', UserPoolId: 'p', FromEmailAddress: 'a@b', PhoneNumber: '+1', KeyId: 'k', SecretId: 's' };
    const unmapped = [...sent].filter(([call]) => {
      const [clientName = '', operation = ''] = call.split(' ');
      return iamAuthorizationOf(clientName, operation, input).kind === 'unmapped';
    });
    expect(unmapped).toEqual([]);
    // The commands this test was written against (issue 33), so a parser that found nothing does not pass.
    expect(sent.size).toBeGreaterThanOrEqual(45);
  });
});

describe('the recorded call log', () => {
  it('keeps each distinct request once with its count, and the user APIs apart', () => {
    const log = new RecordedCallLog();
    const put: CallAuthorization = { kind: 'iam', requests: one('dynamodb:PutItem', table) };
    log.add('funding/fund-employee', put);
    log.add('funding/fund-employee', put);
    log.add('users/invite-user', put);
    log.add('users/invite-user', { kind: 'iam', requests: one('s3:ListBucket', 'arn:aws:s3:::b', { 's3:prefix': 'x/' }) });
    log.add('users/invite-user', { kind: 'iam', requests: one('s3:ListBucket', 'arn:aws:s3:::b', { 's3:prefix': 'y/' }) });
    log.add('auth/sign-up', { kind: 'not-iam-authorized', action: 'cognito-idp:SignUp' });
    expect(log.takeChanged()).toBe(true);
    expect(log.takeChanged()).toBe(false);
    const file = recordedCallsFileSchema.parse(log.file('integration', { TABLE_NAME: 'portal' }));
    expect(file.calls).toEqual([
      { function: 'funding/fund-employee', action: 'dynamodb:PutItem', resource: table, context: {}, count: 2 },
      { function: 'users/invite-user', action: 'dynamodb:PutItem', resource: table, context: {}, count: 1 },
      { function: 'users/invite-user', action: 's3:ListBucket', resource: 'arn:aws:s3:::b', context: { 's3:prefix': 'x/' }, count: 1 },
      { function: 'users/invite-user', action: 's3:ListBucket', resource: 'arn:aws:s3:::b', context: { 's3:prefix': 'y/' }, count: 1 },
    ]);
    expect(file.notIamAuthorized).toEqual({ 'cognito-idp:SignUp': 1 });
  });
});

const presignedPosts = createRequire(import.meta.url)('@aws-sdk/s3-presigned-post') as typeof PresignedPost;

describe('a recording', () => {
  it("records what the SDK's clients send inside a function: the document client once per request as the low-level command, a presigned URL or POST as the request it allows", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aws-calls-'));
    const recording = recordAwsCallsToFile({ dir, label: 'unit', environment: { TABLE_NAME: 'portal' } });
    const settings = { region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, endpoint: 'http://127.0.0.1:9' };
    const base = new DynamoDBClient(settings);
    // Nothing leaves the process: the request stops after the recorder saw it.
    base.middlewareStack.add(
      () => () => {
        throw new Error('not sent');
      },
      { step: 'finalizeRequest', name: 'notSent' },
    );
    const documents = DynamoDBDocumentClient.from(base);
    const s3 = new S3Client({ ...settings, forcePathStyle: true });
    try {
      recordCallsOf(base);
      recordCallsOf(documents);
      recordCallsOf(s3);
      await runAsFunction('funding/fund-employee', async () => {
        await expect(documents.send(new PutCommand({ TableName: 'portal', Item: { pk: 'a', sk: 'b' } }))).rejects.toThrow('not sent');
        await expect(documents.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 'portal', Item: { pk: 'a' } } }, { Delete: { TableName: 'portal', Key: { pk: 'b' } } }] }))).rejects.toThrow('not sent');
        await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'portal-documents', Key: 'kept/a.pdf' }), { expiresIn: 60 });
        // As functions/platform/uploads.ts has it in the local cloud, which loads the recorder before any handler.
        await presignedPosts.createPresignedPost(s3, { Bucket: 'portal-documents', Key: 'staged/u1' });
      });
      // Outside any function: a seed's or a test's own call.
      await expect(documents.send(new PutCommand({ TableName: 'portal', Item: { pk: 'c' } }))).rejects.toThrow('not sent');
    } finally {
      recording.stop();
      base.destroy();
      s3.destroy();
    }
    const [name, ...others] = readdirSync(dir);
    expect(others).toEqual([]);
    expect(name).toBe(`unit-${process.pid}.json`);
    const file = recordedCallsFileSchema.parse(JSON.parse(readFileSync(join(dir, name ?? ''), 'utf8')));
    expect(file.label).toBe('unit');
    expect(file.environment).toEqual({ TABLE_NAME: 'portal' });
    expect(file.calls).toEqual([
      { function: 'funding/fund-employee', action: 'dynamodb:PutItem', resource: table, context: {}, count: 2 },
      { function: 'funding/fund-employee', action: 'dynamodb:DeleteItem', resource: table, context: {}, count: 1 },
      { function: 'funding/fund-employee', action: 's3:GetObject', resource: 'arn:aws:s3:::portal-documents/kept/a.pdf', context: {}, count: 1 },
      { function: 'funding/fund-employee', action: 's3:PutObject', resource: 'arn:aws:s3:::portal-documents/staged/u1', context: {}, count: 1 },
    ]);
  });
});
