import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { localClients } from '../local/provision';
import { runningCloud } from '../local/running-cloud';
import { portProfiles } from '../local/settings';
import { createProviderAdmin, newAdminSchema, type AdminTarget } from './provider-admin';

const usage = `Usage:
  npm run admin:create -- --email <address> --name <name> --surname <surname> [--language en|lv|ru] --local
  npm run admin:create -- --email <address> --name <name> --surname <surname> [--language en|lv|ru] \\
    --user-pool-id <the UserPoolId output> --table <the TableName output>
The second form works against a deployment: AWS_REGION and credentials come from the environment.`;

function targetOf(values: { local?: boolean; 'user-pool-id'?: string; table?: string }): AdminTarget {
  if (values.local) {
    // The running `npm start` cloud.
    const resources = runningCloud('dev');
    const clients = localClients(portProfiles.dev);
    return { cognito: clients.cognito, documents: DynamoDBDocumentClient.from(clients.dynamodb), userPoolId: resources.userPoolId, tableName: resources.tableName };
  }
  if (!values['user-pool-id'] || !values.table) throw new Error(usage);
  return {
    cognito: new CognitoIdentityProviderClient({}),
    documents: DynamoDBDocumentClient.from(new DynamoDBClient({})),
    userPoolId: values['user-pool-id'],
    tableName: values.table,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      language: { type: 'string' },
      local: { type: 'boolean' },
      'user-pool-id': { type: 'string' },
      table: { type: 'string' },
    },
  });
  const admin = newAdminSchema.safeParse(values);
  if (!admin.success) throw new Error(`${admin.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n\n${usage}`);
  const userId = await createProviderAdmin(targetOf(values), admin.data);
  console.log(`Provider admin ${admin.data.email} created (user ${userId}). The invitation e-mail's link sets the password; then a phone is set up at sign-in.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
