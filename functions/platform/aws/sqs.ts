import { SQSClient } from '@aws-sdk/client-sqs';

// fauxqs names its queues sqs.<region>.localhost; the SDK must keep talking to the configured endpoint.
export const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
