import { S3Client } from '@aws-sdk/client-s3';

// s3rver and LocalStack answer only path-style addresses; AWS itself takes virtual-hosted ones.
export const s3 = new S3Client({ forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined });
