import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct, IConstruct } from 'constructs';
import { cognitoTriggers } from '../../shared/api/manifest';
import { providerAdminGroup } from '../../shared/roles';
import { PortalFunction } from '../constructs/portal-function';
import type { DeployConfig } from '../deploy-config';
import { QueueWithDlq } from '../constructs/queue-with-dlq';
import { SecureBucket } from '../constructs/secure-bucket';
import { exportFileDays, exportsKeyPrefix, invoiceKeptDays, invoicesKeyPrefix, stagedUploadDays, uploadsKeyPrefix } from '../../functions/platform/keys';
import { cognitoTriggerSettings, deadLetterRetentionDays, queueDefinitions, queueRetentionDays, tableDefinition, userPoolSettings } from '../definitions';
import { deadLetterMaxReceiveCount } from '../../functions/platform/queue-work';

/** The documents bucket's rule that keeps invoice PDFs for the accounting law's term (issue 34), by its id. */
export const invoiceRetentionRuleId = 'InvoicesKeptTenYearsAfterTheirYear';

export type QueueName = (typeof queueDefinitions)[number]['role'];

export interface StatefulStackProps extends StackProps {
  /**
   * The portal's https origin when it is known before deploying (a custom domain, or the CloudFront URL printed by
   * an earlier deploy). The distribution lives in the stateless stack, which depends on this one, so this stack
   * cannot read its URL without a dependency cycle.
   */
  readonly portalUrl?: string;
  readonly providerName: string;
  /** The sender of Cognito's e-mails too (verification, invitation, reset), through SES: see the deploy configuration. */
  readonly mailFrom: string;
  /** The SES identity that verifies mailFrom when it is its domain (else the address itself is the identity). */
  readonly mailFromDomain?: string;
  /** Subscribed (by e-mail) to the alarms topic. */
  readonly alarmEmails: readonly string[];
  /** Whether the card issuer sandbox runs here (the deploy configuration's `issuerSandbox`): its queue is made only then. */
  readonly issuerSandbox: boolean;
  /** Cognito's threat protection (the deploy configuration's `threatProtection`): on the Plus plan unless off. */
  readonly threatProtection: DeployConfig['threatProtection'];
  /** How long Object Lock keeps each audit digest (the deploy configuration's `auditDigestRetentionDays`). */
  readonly auditDigestRetentionDays: number;
}

/** The job queues; the card issuer sandbox's exists only in a deployment that runs the sandbox. */
export type PortalQueues<Q> = Readonly<Record<Exclude<QueueName, 'issuerSandbox'>, Q>> & { readonly issuerSandbox?: Q };

const threatProtectionModes = {
  audit: cognito.StandardThreatProtectionMode.AUDIT_ONLY,
  enforced: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
} as const;

/** Stands in for the portal URL until it is known; `.invalid` can never resolve (RFC 2606). */
export const portalUrlPlaceholder = 'https://portal-url-not-configured.invalid';

/** Origins that may POST presigned uploads and fetch presigned downloads when no portal URL is configured. */
const anyCloudFrontOrigin = 'https://*.cloudfront.net';

/**
 * Everything that holds data and must survive a redeploy of the code: the table, the buckets, the job queues and
 * the user pool. All of it is retained when the stack is deleted.
 */
export class StatefulStack extends Stack {
  readonly table: dynamodb.Table;
  readonly accessLogsBucket: s3.Bucket;
  readonly documentsBucket: s3.Bucket;
  readonly reportsBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  /** The audit trail's daily digests (issue 31): written once, never deleted. */
  readonly auditDigestsBucket: s3.Bucket;
  readonly queues: PortalQueues<QueueWithDlq>;
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly customMessageTrigger: PortalFunction;
  /** Signs the card issuer's webhook events (both ends know it): state, so a redeploy of the code keeps it. */
  readonly issuerWebhookSecret: secretsmanager.Secret;
  /** What CloudFront tells the API with every request (shared/api/origin.ts), so the API can refuse the rest. */
  readonly originVerifySecret: secretsmanager.Secret;
  /** Every alarm of the portal notifies this topic; its subscribers come from the deploy configuration. */
  readonly alarmTopic: sns.Topic;
  /**
   * Makes and opens the data keys that seal webhook signing secrets (functions/platform/secret-sealer.ts): state, as
   * every sealed secret in the table needs it to open.
   */
  readonly webhookSecretsKey: kms.Key;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);

    this.table = this.createTable();
    this.alarmTopic = this.createAlarmTopic(props.alarmEmails);

    this.accessLogsBucket = new SecureBucket(this, 'AccessLogs', {
      versioned: false,
      // CloudFront standard logging writes through bucket ACLs, which BucketOwnerEnforced would switch off.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(this.accessLogsBucket.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would log its own log writes without end.',
    });

    const portalOrigins = [props.portalUrl ?? anyCloudFrontOrigin];
    this.documentsBucket = new SecureBucket(this, 'Documents', {
      versioned: true,
      accessLogs: { bucket: this.accessLogsBucket, prefix: 's3/documents/' },
      cors: [
        {
          // The browser uploads KYC documents straight to S3 with a presigned POST and previews them with a presigned GET.
          allowedOrigins: portalOrigins,
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Uploads land in staging until a check accepts them into their kept keys (companies/, never expired); what is
      // left there was never confirmed or attached, or was moved or refused (a delete marker over the old bytes).
      // Invoices and credit notes (issue 34) are kept for the Latvian accounting law's term, ten years after the year they
      // were issued in, then expire; no other rule matches their prefix and no function may delete one.
      lifecycleRules: [
        { prefix: uploadsKeyPrefix, expiration: Duration.days(stagedUploadDays), noncurrentVersionExpiration: Duration.days(stagedUploadDays) },
        { id: invoiceRetentionRuleId, prefix: invoicesKeyPrefix, expiration: Duration.days(invoiceKeptDays) },
      ],
    });
    this.reportsBucket = new SecureBucket(this, 'Reports', {
      // Reports are generated from the table and can be generated again; a deleted report should be gone.
      versioned: false,
      accessLogs: { bucket: this.accessLogsBucket, prefix: 's3/reports/' },
      cors: [{ allowedOrigins: portalOrigins, allowedMethods: [s3.HttpMethods.GET], allowedHeaders: ['*'], maxAge: 3000 }],
      // Large list exports are one-off downloads, unlike reports, which stay listed until deleted.
      lifecycleRules: [{ prefix: exportsKeyPrefix, expiration: Duration.days(exportFileDays) }],
    });
    this.webBucket = new SecureBucket(this, 'Web', {
      // The built SPA: every deploy uploads it again from the build.
      versioned: false,
      accessLogs: { bucket: this.accessLogsBucket, prefix: 's3/web/' },
    });
    // CloudFront reads the SPA through origin access control. The statement names the distributions of this account
    // rather than the one distribution because that lives in the stateless stack: naming it here would make this
    // stack depend on that one, which already depends on this. The bucket holds only the public SPA build.
    this.webBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControl',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.webBucket.arnForObjects('*')],
        conditions: { ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` } },
      }),
    );

    this.auditDigestsBucket = this.createAuditDigestsBucket(props.auditDigestRetentionDays);

    const queues: Partial<Record<QueueName, QueueWithDlq>> = {};
    for (const definition of queueDefinitions) {
      const name = definition.role;
      if (name === 'issuerSandbox' && !props.issuerSandbox) continue;
      queues[name] = new QueueWithDlq(this, `${name[0]?.toUpperCase()}${name.slice(1)}Jobs`, {
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        maxReceiveCount: deadLetterMaxReceiveCount,
        retentionPeriod: Duration.days(queueRetentionDays),
        // The longest SQS allows, so an operator has time to look at a failed job before it is gone.
        deadLetterRetentionPeriod: Duration.days(deadLetterRetentionDays),
      });
      queues[name].deadLetterAlarm.addAlarmAction(new cloudwatchActions.SnsAction(this.alarmTopic));
    }
    this.queues = queues as PortalQueues<QueueWithDlq>;

    this.issuerWebhookSecret = new secretsmanager.Secret(this, 'IssuerWebhookSecret', {
      description: "HMAC-SHA256 key of the card issuer's webhook events (issuer-signature header); the issuer signs with the same value",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.issuerWebhookSecret.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The key is shared with the card issuer, which signs every event with it: changing it must be agreed with the issuer ' +
        '(who can sign with the old and the new key at once, as the header takes several v1 values), so it is a planned ' +
        'operation, not a Lambda rotation. The functions read it at cold start, so a new value needs no deploy.',
    });

    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'The value CloudFront adds to every API request (x-origin-verify); the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.originVerifySecret.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront (an origin header) and the API functions (an environment variable) get the value by dynamic references ' +
        'resolved at deploy, so a new value takes effect with the next deploy of the stateless stack, not by a Lambda ' +
        'rotation; it guards only against skipping CloudFront (its per-IP limits), not access: every route keeps its own checks.',
    });

    this.webhookSecretsKey = new kms.Key(this, 'WebhookSecretsKey', {
      description: 'Makes and opens the data keys that seal webhook signing secrets in the table of the bonus card portal',
      // Yearly new key material; what the old material wrapped still opens, so no secret needs sealing again.
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    if (!props.portalUrl) {
      Annotations.of(this).addWarningV2(
        'portal:portalUrlMissing',
        `No "portalUrl" context: links in Cognito e-mails point to ${portalUrlPlaceholder} and uploads are allowed from ` +
          `${anyCloudFrontOrigin}. Deploy once, then deploy again with -c portalUrl=<the PortalUrl output>.`,
      );
    }
    this.customMessageTrigger = new PortalFunction(this, 'CustomMessageTrigger', {
      handler: cognitoTriggers.customMessage,
      // The trigger cannot get the pool or client id: the pool refers to the trigger, so the trigger referring to
      // the pool would be a cycle. Cognito passes the pool id in every trigger event instead.
      environment: { PORTAL_URL: props.portalUrl ?? portalUrlPlaceholder, PROVIDER_NAME: props.providerName },
      // It logs nothing of its own: an error it throws, Lambda logs and Cognito answers.
      logs: false,
      memorySize: cognitoTriggerSettings.memoryMb,
      timeout: Duration.seconds(cognitoTriggerSettings.timeoutSeconds),
      description: 'Cognito CustomMessage trigger: builds the links in e-mails',
      alarmTopic: this.alarmTopic,
    });

    this.userPool = this.createUserPool(this.customMessageTrigger, props);
    this.userPoolClient = this.userPool.addClient('PortalClient', {
      generateSecret: false,
      // USER_PASSWORD_AUTH because cognito-local has no SRP and the SPA uses one flow everywhere (DESIGN section 4).
      authFlows: { userPassword: true, userSrp: true },
      accessTokenValidity: Duration.minutes(userPoolSettings.accessTokenMinutes),
      idTokenValidity: Duration.minutes(userPoolSettings.idTokenMinutes),
      refreshTokenValidity: Duration.days(userPoolSettings.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // The SPA signs in through the Cognito API, not the hosted UI; without this the L2 switches on OAuth flows.
      disableOAuth: true,
    });
    this.userPool.addGroup('ProviderAdmins', {
      groupName: providerAdminGroup,
      description: "The programme provider's operations team: approves companies, answers support, credits transfers",
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    // What `npm run audit:verify -- --bucket` takes, with TableName, against a deployment.
    new CfnOutput(this, 'AuditDigestsBucketName', { value: this.auditDigestsBucket.bucketName });
  }

  /**
   * Issue 31: where each company's daily digest of its audit records lies (functions/activity/audit-chain.ts), as
   * CloudTrail keeps its digest files. Object Lock in compliance mode keeps every version for the configured days
   * whoever asks; the policy also refuses every delete (a delete without a version id would only hide a digest behind a
   * marker, which the lock allows) and every write that does not say "only if absent", so no digest gets a second
   * version. The digests are kept after their retention too: a chain without its start cannot prove its first link.
   */
  private createAuditDigestsBucket(retentionDays: number): s3.Bucket {
    const bucket = new SecureBucket(this, 'AuditDigests', {
      versioned: true,
      complianceLockDays: retentionDays,
      accessLogs: { bucket: this.accessLogsBucket, prefix: 's3/audit-digests/' },
    });
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'DenyDeletingDigests',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:DeleteObject', 's3:DeleteObjectVersion'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'DenyOverwritingDigests',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects('*')],
        conditions: { Null: { 's3:if-none-match': 'true' } },
      }),
    );
    return bucket;
  }

  private createTable(): dynamodb.Table {
    const table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      // The outbox relay reads what each change put in its outbox (functions/platform/outbox.ts) from the stream.
      stream: dynamodb.StreamViewType[tableDefinition.streamViewType],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }

  /**
   * The topic alarms notify. Encrypted with a key of its own: CloudWatch cannot publish to a topic encrypted with the
   * AWS managed SNS key, so this key's policy lets CloudWatch use it.
   */
  private createAlarmTopic(alarmEmails: readonly string[]): sns.Topic {
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarms topic of the bonus card portal',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch alarms of this account only.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    const topic = new sns.Topic(this, 'Alarms', { displayName: 'Bonus card portal alarms', masterKey: key, enforceSSL: true });
    for (const address of alarmEmails) topic.addSubscription(new subscriptions.EmailSubscription(address));
    return topic;
  }

  private createUserPool(customMessageTrigger: PortalFunction, props: StatefulStackProps): cognito.UserPool {
    const pool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      // A changed e-mail takes effect only once the new address is confirmed.
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      // A code, not Cognito's own link: the CustomMessage trigger puts the code into a link to the portal's
      // /users/email/confirm/{token} page, so the e-mail leads back into the SPA.
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      // Optional here, required by the portal: the API refuses every route but /phone/setup's to a user without the
      // SMS factor, and each user's factor is switched on (AdminSetUserMFAPreference) with their phone. Required MFA
      // would leave a user without a phone (an invited colleague) no way to sign in and set one up.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: true, otp: false },
      passwordPolicy: {
        minLength: userPoolSettings.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        // SPEC section 8 refuses a previously used password; Cognito remembers this many (Essentials plan or above).
        passwordHistorySize: userPoolSettings.passwordHistorySize,
      },
      // Through SES with the configured sender, not Cognito's default sender and its 50 e-mails a day. The stack has
      // no fixed region, so SES's is named as the deployment's own (the identity must be verified there).
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.mailFrom,
        fromName: props.providerName,
        sesRegion: Aws.REGION,
        ...(props.mailFromDomain ? { sesVerifiedDomain: props.mailFromDomain } : {}),
      }),
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Threat protection needs the Plus plan; password history, the only other feature the pool uses, is Essentials'.
      featurePlan: props.threatProtection === 'off' ? cognito.FeaturePlan.ESSENTIALS : cognito.FeaturePlan.PLUS,
      ...(props.threatProtection === 'off' ? {} : { standardThreatProtectionMode: threatProtectionModes[props.threatProtection] }),
      lambdaTriggers: { customMessage: customMessageTrigger.function },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // On the CloudFormation resources, not on the L2s, so the acknowledgements reach nothing else below them.
    Validations.of(pool.node.defaultChild as IConstruct).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'SPEC section 5 sets the password rule at 8 characters minimum and nothing else; composition rules here would reject ' +
          'passwords the forms accept (and cognito-local does not enforce them, so local and cloud would differ). NIST SP ' +
          '800-63B advises length over composition rules, and every sign-in needs a second factor.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional in Cognito only so that a user without a phone can sign in to set one up; the API answers every ' +
          'other route 403 PHONE_SETUP_REQUIRED until the SMS factor is on, and then Cognito asks for it at every sign-in.',
      },
    );
    if (props.threatProtection === 'off') {
      Validations.of(pool.node.defaultChild as IConstruct).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          "The deploy configuration leaves threatProtection off: the Plus plan is billed per monthly active user, and " +
          'every sign-in already needs an SMS second factor. Setting it to "audit" or "enforced" moves the pool to Plus.',
      });
    }
    // The role the L2 creates for Cognito to send SMS codes through SNS.
    const smsRole = pool.node.findChild('smsRole');
    Validations.of(smsRole).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Sending SMS to a phone number is sns:Publish without a topic, which SNS accepts only on Resource "*".',
    });
    return pool;
  }
}
