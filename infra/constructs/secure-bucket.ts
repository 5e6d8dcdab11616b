import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

export interface SecureBucketProps {
  /** Where S3 server access logs go; omitted only for the log bucket itself. */
  readonly accessLogs?: { bucket: s3.IBucket; prefix: string };
  readonly versioned: boolean;
  readonly cors?: s3.CorsRule[];
  readonly lifecycleRules?: s3.LifecycleRule[];
  readonly objectOwnership?: s3.ObjectOwnership;
  /**
   * S3 Object Lock in compliance mode with this default retention: no version can be deleted or overwritten by anyone,
   * the account's root included, until it is that old. Needs versioning.
   */
  readonly complianceLockDays?: number;
}

/**
 * A bucket with the defaults every bucket of the portal shares: no public access, TLS only, SSE-S3, kept when
 * the stack goes (it holds customer documents, reports or audit-relevant logs).
 */
export class SecureBucket extends s3.Bucket {
  constructor(scope: Construct, id: string, props: SecureBucketProps) {
    if (props.complianceLockDays !== undefined && !props.versioned) throw new Error(`${id}: Object Lock needs a versioned bucket`);
    super(scope, id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // SSE-S3 rather than KMS: CloudFront OAC and presigned URLs work without key policies, and the data needs no
      // key separation beyond what the bucket policy already gives.
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: props.versioned,
      ...(props.complianceLockDays === undefined
        ? {}
        : { objectLockEnabled: true, objectLockDefaultRetention: s3.ObjectLockRetention.compliance(Duration.days(props.complianceLockDays)) }),
      serverAccessLogsBucket: props.accessLogs?.bucket,
      serverAccessLogsPrefix: props.accessLogs?.prefix,
      cors: props.cors,
      objectOwnership: props.objectOwnership ?? s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // Under a lock, an older version stays for its retention rather than the others' 90 days (S3 would not expire a
        // locked version earlier anyway).
        ...(props.versioned ? [{ noncurrentVersionExpiration: Duration.days(Math.max(90, props.complianceLockDays ?? 0)) }] : []),
        ...(props.lifecycleRules ?? []),
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
