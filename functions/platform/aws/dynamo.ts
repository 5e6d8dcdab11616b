import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Created once per module instance, so a warm Lambda reuses its connections; the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB locally.
// The base client is exported for the audit digest (issue 31), which hashes items in DynamoDB's own typed form, numbers
// as stored, rather than as the document client converts them.
export const dynamoClient = new DynamoDBClient({});

export const dynamo = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true },
});
