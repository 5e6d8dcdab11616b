import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localClients } from '../../../infra/local/provision';
import { readyFileOf, testCloudDataDir, type LocalPorts } from '../../../infra/local/settings';
import { readyInfoSchema } from '../../../infra/local/spawn-local-cloud';
import type { FixtureCloud } from '../../integration/company-fixtures';
import { cloudInstance, cloudPorts } from './test-cloud';

/** The running test cloud (its ready file names the table and the user pool) as the shared fixtures take it. */
export function fixtureCloud(): FixtureCloud {
  return fixtureCloudAt(testCloudDataDir(cloudInstance()), cloudPorts());
}

/** A running local cloud of any profile, by its data folder and ports (`npm run screenshots` seeds `npm start`'s). */
export function fixtureCloudAt(dataDir: string, ports: LocalPorts): FixtureCloud {
  const ready = readyInfoSchema.parse(JSON.parse(readFileSync(readyFileOf(dataDir), 'utf8')));
  const { dynamodb, cognito } = localClients(ports);
  return { table: DynamoDBDocumentClient.from(dynamodb), tableName: ready.resources.tableName, cognito, userPoolId: ready.resources.userPoolId };
}
