import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoTriggers } from '../../shared/api/manifest';
import { providerAdminGroup } from '../../shared/roles';
import {
  chatAttachmentObjectKey,
  documentObjectKey,
  exportFileDays,
  exportObjectKey,
  exportsKeyPrefix,
  fundingFileObjectKey,
  invoiceKeptDays,
  invoiceObjectKey,
  invoicesKeyPrefix,
  reportObjectKey,
  stagedUploadDays,
  stagedUploadObjectKey,
  stagedUploadSeconds,
  uploadsKeyPrefix,
} from '../../functions/platform/keys';
import { queueDefinitions } from '../definitions';
import { invoiceRetentionRuleId, portalUrlPlaceholder } from './stateful-stack';
import { type CfnResource, cfnText, resourcesOf, synthesizeTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let template: Template;

beforeAll(() => {
  testApp = synthesizeTestApp();
  template = testApp.statefulTemplate;
});

describe('table', () => {
  it('is the one table, keyed pk/sk, with gsi1 and gsi2, on demand, with point-in-time recovery, TTL on expiresAt and a stream of new items', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        // The outbox relay's source: each write's new item.
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
          }),
          Match.objectLike({
            IndexName: 'gsi2',
            KeySchema: [
              { AttributeName: 'gsi2pk', KeyType: 'HASH' },
              { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
            ],
          }),
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
      },
    });
  });
});

describe('buckets', () => {
  const bucketIds = () => resourcesOf(template, 'AWS::S3::Bucket').map(([id]) => id);
  const bucketId = (prefix: string) => {
    const id = bucketIds().find((candidate) => candidate.startsWith(prefix));
    if (!id) throw new Error(`no bucket ${prefix}`);
    return id;
  };

  it('are documents, reports, web, audit digests and access logs, all kept when the stack goes', () => {
    expect(bucketIds().map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(['AccessLogs', 'AuditDigests', 'Documents', 'Reports', 'Web']);
    for (const [, bucket] of resourcesOf(template, 'AWS::S3::Bucket')) expect(bucket.DeletionPolicy).toBe('Retain');
  });

  it('block all public access and encrypt at rest', () => {
    for (const [id, bucket] of resourcesOf(template, 'AWS::S3::Bucket')) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties?.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('refuse every request that does not come over TLS', () => {
    for (const id of bucketIds()) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('version the documents, and log every bucket but the log bucket into it', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: Match.anyValue(),
      LoggingConfiguration: { DestinationBucketName: { Ref: bucketId('AccessLogs') }, LogFilePrefix: 's3/documents/' },
    });
    for (const id of bucketIds().filter((candidate) => !candidate.startsWith('AccessLogs'))) {
      const bucket = template.toJSON().Resources[id] as { Properties: { LoggingConfiguration?: unknown } };
      expect(bucket.Properties.LoggingConfiguration, id).toMatchObject({ DestinationBucketName: { Ref: bucketId('AccessLogs') } });
    }
  });

  it('expire what their rules mean to expire, matching the keys the code writes', () => {
    type Rule = {
      Status: string;
      Prefix?: string;
      ExpirationInDays?: number;
      NoncurrentVersionExpiration?: { NoncurrentDays: number };
      AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number };
    };
    const rulesOf = (bucketId: string) => {
      const found = resourcesOf(template, 'AWS::S3::Bucket').find(([id]) => id.startsWith(bucketId));
      return ((found?.[1].Properties?.LifecycleConfiguration as { Rules: Rule[] } | undefined)?.Rules ?? []).filter((rule) => rule.Status === 'Enabled');
    };
    // Parts of an upload that never completed are removed in every bucket.
    for (const bucket of ['Documents', 'Reports', 'Web', 'AccessLogs']) {
      expect(rulesOf(bucket).some((rule) => rule.AbortIncompleteMultipartUpload?.DaysAfterInitiation === 7 && rule.Prefix === undefined), bucket).toBe(true);
    }
    // Exports expire after a week; a rule matches the start of a key only, so an export's key must start with it and
    // a report's must not (reports stay until their company deletes them).
    const expiring = rulesOf('Reports').filter((rule) => rule.ExpirationInDays !== undefined);
    expect(expiring).toEqual([{ Status: 'Enabled', Prefix: exportsKeyPrefix, ExpirationInDays: exportFileDays }]);
    expect(exportObjectKey('company-1', 'file-1').startsWith(exportsKeyPrefix)).toBe(true);
    expect(reportObjectKey('company-1', 'report-1').startsWith(exportsKeyPrefix)).toBe(false);
    // Uploads wait in staging until a check accepts them: what is left there (never confirmed or attached, refused, or
    // moved to its kept key) expires, with the versions a delete left behind. The kept keys (onboarding documents,
    // funding files, chat attachments) match no expiring rule: only the bucket-wide 90 days of noncurrent versions.
    const expiringDocuments = rulesOf('Documents').filter((rule) => rule.ExpirationInDays !== undefined || rule.Prefix !== undefined);
    expect(expiringDocuments).toEqual([
      { Status: 'Enabled', Prefix: uploadsKeyPrefix, ExpirationInDays: stagedUploadDays, NoncurrentVersionExpiration: { NoncurrentDays: stagedUploadDays } },
      { Id: invoiceRetentionRuleId, Status: 'Enabled', Prefix: invoicesKeyPrefix, ExpirationInDays: invoiceKeptDays },
    ]);
    // Invoices (issue 34) are kept ten years after the end of the year they were issued in, by a rule of their own
    // that matches no other kept key, and no other rule matches theirs.
    expect(invoiceKeptDays).toBeGreaterThanOrEqual(11 * 365);
    expect(invoiceObjectKey('company-1', '2026-000001').startsWith(invoicesKeyPrefix)).toBe(true);
    expect(expiringDocuments.filter((rule) => invoiceObjectKey('company-1', '2026-000001').startsWith(rule.Prefix ?? ''))).toHaveLength(1);
    expect(stagedUploadObjectKey('company-1', 'upload-1').startsWith(uploadsKeyPrefix)).toBe(true);
    const kept = [documentObjectKey('company-1', 'document-1'), fundingFileObjectKey('company-1', 'file-1'), chatAttachmentObjectKey('company-1', 'attachment-1')];
    for (const key of kept) expect(expiringDocuments.filter((rule) => key.startsWith(rule.Prefix ?? '')), key).toEqual([]);
    expect(kept.some((key) => key.startsWith(invoicesKeyPrefix))).toBe(false);
    // A waiting upload's record lasts no longer than its staged bytes (S3 expires them at the midnight after the days).
    expect(stagedUploadSeconds).toBeLessThanOrEqual(stagedUploadDays * 24 * 60 * 60);
    expect(rulesOf('AccessLogs').map((rule) => rule.ExpirationInDays).filter(Boolean)).toEqual([365]);
  });

  it('keep each audit digest under Object Lock in compliance mode, versioned, logged, never deleted and never written twice', () => {
    const id = bucketId('AuditDigests');
    const bucket = template.toJSON().Resources[id] as { Properties: Record<string, unknown> };
    // The example configuration leaves the retention at its default: ten years.
    expect(bucket.Properties.ObjectLockConfiguration).toEqual({ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 3_653 } } });
    expect(bucket.Properties.ObjectLockEnabled).toBe(true);
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: bucketId('AccessLogs') }, LogFilePrefix: 's3/audit-digests/' });
    // Digests themselves never expire; a version a write left behind goes once its retention is over.
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: { ExpirationInDays?: number; NoncurrentVersionExpiration?: { NoncurrentDays: number } }[] }).Rules;
    expect(rules.filter((rule) => rule.ExpirationInDays !== undefined)).toEqual([]);
    expect(rules.flatMap((rule) => rule.NoncurrentVersionExpiration?.NoncurrentDays ?? [])).toEqual([3_653]);
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Sid: 'DenyDeletingDigests', Effect: 'Deny', Principal: { AWS: '*' }, Action: ['s3:DeleteObject', 's3:DeleteObjectVersion'] }),
          Match.objectLike({ Sid: 'DenyOverwritingDigests', Effect: 'Deny', Principal: { AWS: '*' }, Action: 's3:PutObject', Condition: { Null: { 's3:if-none-match': 'true' } } }),
        ]),
      },
    });
  });

  it('let CloudFront write its standard logs (ACLs on the log bucket)', () => {
    const logBucket = template.toJSON().Resources[bucketId('AccessLogs')] as { Properties: Record<string, unknown> };
    expect(logBucket.Properties.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'ObjectWriter' }] });
  });

  it('accept presigned POST uploads to documents from the portal origin', () => {
    const documents = template.toJSON().Resources[bucketId('Documents')] as { Properties: Record<string, unknown> };
    expect(documents.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({
          AllowedMethods: expect.arrayContaining(['POST']),
          AllowedOrigins: ['https://*.cloudfront.net'],
        }),
      ],
    });
  });

  it('let only CloudFront distributions of this account read the web bucket', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId('Web') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { ArnLike: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });
});

describe('queues', () => {
  it("are reports, exports, funding, employee imports, invoices, e-mails, webhooks and the card issuer sandbox's events, each with a dead-letter queue after 3 receives", () => {
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(16);
    const withRedrive = queues.filter(([, queue]) => queue.Properties?.RedrivePolicy !== undefined);
    expect(withRedrive.map(([id]) => id.replace(/Queue[0-9A-F]{8}$/, '')).sort()).toEqual(['EmployeeImportsJobs', 'ExportsJobs', 'FundingJobs', 'InvoicesJobs', 'IssuerSandboxJobs', 'MailJobs', 'ReportsJobs', 'WebhooksJobs']);
    for (const [id, queue] of withRedrive) {
      const redrive = queue.Properties?.RedrivePolicy as { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] }; maxReceiveCount: number };
      expect(redrive.maxReceiveCount, id).toBe(3);
      expect(redrive.deadLetterTargetArn['Fn::GetAtt'][0], id).toMatch(/DeadLetters/);
    }
  });

  it('alarm as soon as a message reaches a dead-letter queue', () => {
    const deadLetterQueues = resourcesOf(template, 'AWS::SQS::Queue').filter(([id]) => /DeadLetters/.test(id));
    expect(deadLetterQueues).toHaveLength(queueDefinitions.length);
    for (const [id] of deadLetterQueues) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id, 'QueueName'] } }],
        Statistic: 'Maximum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('keep a message 4 days, and a dead letter 14 days', () => {
    for (const [id, queue] of resourcesOf(template, 'AWS::SQS::Queue')) {
      expect(queue.Properties?.MessageRetentionPeriod, id).toBe((/DeadLetters/.test(id) ? 14 : 4) * 24 * 3600);
    }
  });

  it('hold a job for the visibility timeout the local cloud uses too', () => {
    for (const definition of queueDefinitions) {
      const [, queue] = resourcesOf(template, 'AWS::SQS::Queue').find(([id]) => id.toLowerCase().startsWith(`${definition.role.toLowerCase()}jobsqueue`)) ?? [];
      expect(queue?.Properties?.VisibilityTimeout, definition.role).toBe(definition.visibilityTimeoutSeconds);
    }
  });

  it('encrypt messages and refuse requests without TLS', () => {
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    for (const [id, queue] of queues) {
      expect(queue.Properties?.SqsManagedSseEnabled, id).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });
});

describe('card issuer webhook secret', () => {
  it('is generated (64 characters, no punctuation), kept when the stack goes, and exported for the functions', () => {
    const secrets = resourcesOf(template, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('IssuerWebhookSecret'));
    expect(secrets).toHaveLength(1);
    const [[, secret]] = secrets as [[string, CfnResource]];
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false });
    expect(secret.Properties?.SecretString).toBeUndefined();
    expect(resourcesOf(template, 'AWS::SecretsManager::RotationSchedule')).toEqual([]);
  });
});

describe('origin verify secret', () => {
  it('is generated (48 characters, no punctuation) and kept when the stack goes: CloudFront sends it, the API checks it', () => {
    const secrets = resourcesOf(template, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('OriginVerifySecret'));
    expect(secrets).toHaveLength(1);
    const [[, secret]] = secrets as [[string, CfnResource]];
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties?.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true, IncludeSpace: false });
    expect(secret.Properties?.SecretString).toBeUndefined();
    expect(resourcesOf(template, 'AWS::SecretsManager::Secret')).toHaveLength(2);
  });
});

describe('webhook secrets key', () => {
  it('is a KMS key of its own, rotated yearly, kept when the stack goes, its use granted by IAM to the functions that name it', () => {
    const keys = resourcesOf(template, 'AWS::KMS::Key').filter(([id]) => id.startsWith('WebhookSecretsKey'));
    expect(keys).toHaveLength(1);
    const [[, key]] = keys as [[string, CfnResource]];
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true });
    // The key policy leaves it to the account's IAM policies (the default); it names no function.
    const statements = (key.Properties?.KeyPolicy as { Statement: { Principal: { AWS?: unknown } }[] }).Statement;
    expect(statements.map((statement) => cfnText(statement.Principal.AWS))).toEqual(['arn:<AWS::Partition>:iam::<AWS::AccountId>:root']);
  });
});

describe('user pool', () => {
  it('signs in by e-mail, lets companies sign up and verifies the e-mail with a code the trigger turns into a link', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('^CustomMessageTrigger'), 'Arn'] } },
    });
  });

  it('requires an SMS second factor (no TOTP) and passwords of at least 8 characters', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SMS_MFA'],
      SmsConfiguration: { SnsCallerArn: Match.anyValue(), ExternalId: Match.anyValue() },
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
    });
  });

  it('has an app client without secret, with USER_PASSWORD_AUTH, 15-minute access and id tokens, 30-day refresh', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  it('has the provider-admin group the API authorizes by', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: providerAdminGroup });
  });

  it('runs the CustomMessage trigger on nodejs24.x, built from the module the manifest names', () => {
    const trigger = testApp.stateful.customMessageTrigger;
    expect(trigger.function.node.path).toBe('BonusCardStateful/CustomMessageTrigger/Function');
    expect(cognitoTriggers.customMessage).toBe('auth/build-custom-message');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 5,
      Environment: { Variables: { PORTAL_URL: portalUrlPlaceholder, PROVIDER_NAME: 'Bonus Card' } },
    });
  });

  it('lets Cognito invoke the trigger', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Users'), 'Arn'] },
    });
  });
});

describe('outputs', () => {
  it('name the pool and its client, and the table and digests bucket the audit check reads', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(cfnText(outputs.UserPoolId?.Value)).toMatch(/^<Users[0-9A-F]{8}>$/);
    expect(cfnText(outputs.UserPoolClientId?.Value)).toMatch(/^<UsersPortalClient/);
    expect(cfnText(outputs.TableName?.Value)).toMatch(/^<Table[0-9A-F]{8}>$/);
    expect(cfnText(outputs.AuditDigestsBucketName?.Value)).toMatch(/^<AuditDigests[0-9A-F]{8}>$/);
  });
});
