import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ResourceNotFoundException as CognitoResourceNotFound,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { providerAdminGroup } from '@shared/roles';
import { queueDefinitions, tableDefinition, userPoolSettings } from '../definitions';
import { deadLetterMaxReceiveCount, type QueueRole } from '../../functions/platform/queue-work';
import { dummyCredentials, region, resourceNames, type LocalPorts } from './settings';

const credentials = { accessKeyId: dummyCredentials.AWS_ACCESS_KEY_ID, secretAccessKey: dummyCredentials.AWS_SECRET_ACCESS_KEY };

export interface ProvisionedResources {
  tableName: string;
  documentsBucket: string;
  reportsBucket: string;
  auditDigestsBucket: string;
  queueUrls: Record<(typeof queueDefinitions)[number]['envVar'], string>;
  userPoolId: string;
  userPoolClientId: string;
}

export function localClients(ports: LocalPorts) {
  return {
    dynamodb: new DynamoDBClient({ region, credentials, endpoint: `http://127.0.0.1:${ports.dynamodb}` }),
    s3: new S3Client({ region, credentials, endpoint: `http://127.0.0.1:${ports.s3}`, forcePathStyle: true }),
    sqs: new SQSClient({ region, credentials, endpoint: `http://127.0.0.1:${ports.sqs}`, useQueueUrlAsEndpoint: false }),
    cognito: new CognitoIdentityProviderClient({ region, credentials, endpoint: `http://127.0.0.1:${ports.cognito}` }),
  };
}

/** The table's stream as the stack makes it, which the local outbox relay reads (infra/local/outbox-relay.ts). */
export const streamSpecification = { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType } as const;

/**
 * The work queues provision makes, each with its dead-letter queue after maxReceiveCount receipts, as the stateful
 * stack makes them (infra/wiring/cloud-wiring.ts holds the two to each other).
 */
export const localQueuePlan = queueDefinitions.map((definition) => ({
  role: definition.role,
  visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
  deadLetterQueueOf: definition.role,
  maxReceiveCount: deadLetterMaxReceiveCount,
}));

async function provisionTable(dynamodb: DynamoDBClient): Promise<string> {
  const name = resourceNames.table;
  try {
    const existing = await dynamodb.send(new DescribeTableCommand({ TableName: name }));
    // Data kept from before the outbox has a table without its stream.
    if (!existing.Table?.StreamSpecification?.StreamEnabled) await dynamodb.send(new UpdateTableCommand({ TableName: name, StreamSpecification: streamSpecification }));
    return name;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.globalSecondaryIndexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  await dynamodb.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((attribute) => ({ AttributeName: attribute, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: streamSpecification,
    }),
  );
  await dynamodb.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return name;
}

async function ensureBucket(s3: S3Client, name: string): Promise<string> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: name }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: name }));
  }
  return name;
}

async function provisionBucket(s3: S3Client, name: string, portalOrigins: string[]): Promise<string> {
  await ensureBucket(s3, name);
  // Browsers upload documents straight to the bucket with a presigned POST and read reports by presigned GET.
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: name,
      CORSConfiguration: {
        CORSRules: [{ AllowedOrigins: portalOrigins, AllowedMethods: ['GET', 'POST', 'PUT', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }],
      },
    }),
  );
  return name;
}

async function provisionQueues(sqs: SQSClient): Promise<ProvisionedResources['queueUrls']> {
  const urls: Partial<ProvisionedResources['queueUrls']> = {};
  for (const definition of queueDefinitions) urls[definition.envVar] = await provisionQueue(sqs, definition);
  return urls as ProvisionedResources['queueUrls'];
}

/** One work queue of localQueuePlan with its dead-letter queue; made again as it was when it is there. */
export async function provisionQueue(sqs: SQSClient, definition: { role: QueueRole }): Promise<string> {
  const plan = localQueuePlan.find((candidate) => candidate.role === definition.role);
  if (!plan) throw new Error(`no local queue ${definition.role}`);
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: resourceNames.deadLetterQueue(plan.deadLetterQueueOf) }));
  const dlqAttributes = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: resourceNames.queue(plan.role),
      Attributes: {
        VisibilityTimeout: String(plan.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlqAttributes.Attributes?.QueueArn,
          maxReceiveCount: plan.maxReceiveCount,
        }),
      },
    }),
  );
  if (!queue.QueueUrl) throw new Error(`fauxqs did not return a URL for ${definition.role}`);
  return queue.QueueUrl;
}

const cognitoStateSchema = z.object({ userPoolId: z.string(), userPoolClientId: z.string() });

async function provisionUserPool(cognito: CognitoIdentityProviderClient, stateFile: string) {
  if (existsSync(stateFile)) {
    const state = cognitoStateSchema.parse(JSON.parse(readFileSync(stateFile, 'utf8')));
    try {
      await cognito.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      return state;
    } catch (error) {
      // The pool is gone (its data was removed by hand): make a new one below. Anything else is a real failure.
      if (!(error instanceof CognitoResourceNotFound)) throw error;
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: resourceNames.userPool,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // As in the stack: optional in Cognito, required by the portal (docs/decisions.md, the second factor).
      MfaConfiguration: 'OPTIONAL',
      Policies: { PasswordPolicy: { MinimumLength: userPoolSettings.passwordMinLength } },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: resourceNames.userPoolClient,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: userPoolSettings.accessTokenMinutes,
      IdTokenValidity: userPoolSettings.idTokenMinutes,
      RefreshTokenValidity: userPoolSettings.refreshTokenDays,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const userPoolClientId = client.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local did not return an app client id');
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: providerAdminGroup }));
  const state = { userPoolId, userPoolClientId };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  return state;
}

export async function provision(ports: LocalPorts, dataDir: string, portalOrigins: string[]): Promise<ProvisionedResources> {
  const clients = localClients(ports);
  const [tableName, documentsBucket, reportsBucket, auditDigestsBucket, queueUrls, pool] = await Promise.all([
    provisionTable(clients.dynamodb),
    provisionBucket(clients.s3, resourceNames.documentsBucket, portalOrigins),
    provisionBucket(clients.s3, resourceNames.reportsBucket, portalOrigins),
    // No browser reads the digests: no CORS.
    ensureBucket(clients.s3, resourceNames.auditDigestsBucket),
    provisionQueues(clients.sqs),
    provisionUserPool(clients.cognito, join(dataDir, 'cognito-state.json')),
  ]);
  return { tableName, documentsBucket, reportsBucket, auditDigestsBucket, queueUrls, ...pool };
}
