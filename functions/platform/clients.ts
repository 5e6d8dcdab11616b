import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Created once per module instance so a warm Lambda reuses connections; endpoints come from AWS_ENDPOINT_URL_*.
export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
export const s3 = new S3Client({ forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined });
// fauxqs names its queues sqs.<region>.localhost; the SDK must keep talking to the configured endpoint.
export const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
export const cognito = new CognitoIdentityProviderClient({});
export const ses = new SESv2Client({});

let snsClient: SNSClient | undefined;
/** Only the cardholder sign-in texts; made on first use, so functions that send no SMS leave the SNS client out. */
export function sns(): SNSClient {
  snsClient ??= new SNSClient({});
  return snsClient;
}

let secretsClient: SecretsManagerClient | undefined;
/** Only the card issuer's webhook and sender read a secret; made on first use so no other function builds it. */
export function secretsManager(): SecretsManagerClient {
  secretsClient ??= new SecretsManagerClient({});
  return secretsClient;
}
