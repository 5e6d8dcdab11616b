import { randomInt, randomUUID } from 'node:crypto';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { csvLine } from '@shared/csv';
import { employeeImportColumns, employeeImportSchema } from '@shared/employee-imports';
import { demoPassword } from '../../infra/local/demo-data';
import { localClients } from '../../infra/local/provision';
import { fixedSmsCode } from '../../infra/local/settings';
import { benchPorts } from './bench-cloud';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { createOwnCompany } from '../integration/company-fixtures';
import { rowsPerTransaction } from '../../functions/employees/create-imported-employees';

const rows = 5_000;

export interface EmployeeImportOutcome {
  rows: number;
  /** Upload and preview (every row checked against the company and the phones taken), then apply until the result. */
  previewSeconds: number;
  applySeconds: number;
  createdCount: number;
  refusedCount: number;
}

/**
 * Times a 5,000-row employee import (issue 34) end to end against the running local cloud (fixed SMS codes): a company
 * of its own, the file uploaded and previewed, applied by the import worker (cards ordered from the sandbox in
 * batches), polled to its result; then checks each row made one employee.
 */
export async function benchEmployeeImport(cloud: ReadyInfo): Promise<EmployeeImportOutcome> {
  const clients = localClients(benchPorts);
  const fixture = { table: DynamoDBDocumentClient.from(clients.dynamodb), tableName: cloud.resources.tableName, cognito: clients.cognito, userPoolId: cloud.resources.userPoolId };
  const company = await createOwnCompany(fixture, { role: 'manager' });
  const first = await clients.cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.resources.userPoolClientId, AuthParameters: { USERNAME: company.email, PASSWORD: demoPassword } }),
  );
  const second = await clients.cognito.send(
    new RespondToAuthChallengeCommand({ ChallengeName: 'SMS_MFA', ClientId: cloud.resources.userPoolClientId, Session: first.Session, ChallengeResponses: { USERNAME: company.email, SMS_MFA_CODE: fixedSmsCode } }),
  );
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('the employee import bench user got no access token');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cloud.urls.api}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return employeeImportSchema.parse(await response.json());
  };

  // Phones and personal codes of the bench's own, apart from the demo's and a kept run's.
  const phonePrefix = `37123${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const codeBase = randomInt(0, 90_000);
  const content =
    csvLine(Object.values(employeeImportColumns)) +
    Array.from({ length: rows }, (_, index) => csvLine([`Bench${index}`, `Importa ${index}`, `030390-${String((codeBase + index) % 100_000).padStart(5, '0')}`, `${phonePrefix}${String(index).padStart(6, '0')}`, '', 'lv', '', ''])).join('');
  const started = performance.now();
  const preview = await call('POST', '/employee-imports', { fileName: 'bench.csv', content });
  const previewed = performance.now();
  let current = await call('POST', `/employee-imports/${preview.importId}/apply`, {});
  while (current.status !== 'applied' && current.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await call('GET', `/employee-imports/${preview.importId}`);
  }
  const finished = performance.now();
  // Exactly once: the company has one employee per row, no more.
  let employees = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await fixture.table.send(
      new QueryCommand({ TableName: fixture.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)', ExpressionAttributeValues: { ':pk': `COMPANY#${company.companyId}`, ':prefix': 'EMPLOYEE#' }, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    employees += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  if (employees !== rows) throw new Error(`the employee import bench made ${employees} employees, not ${rows}`);
  return {
    rows,
    previewSeconds: (previewed - started) / 1000,
    applySeconds: (finished - previewed) / 1000,
    createdCount: current.result?.createdCount ?? 0,
    refusedCount: current.result?.refusedCount ?? 0,
  };
}

export function printEmployeeImport(outcome: EmployeeImportOutcome): void {
  console.log(`\nBulk employee import (issue 34): ${outcome.rows.toLocaleString('en')} rows, each created once with its card ordered`);
  console.table([
    { what: `${outcome.rows} rows: upload + preview`, seconds: outcome.previewSeconds.toFixed(1) },
    { what: `apply (import worker, cards ordered ${rowsPerTransaction} to an issuer call) until the result`, seconds: outcome.applySeconds.toFixed(1), created: outcome.createdCount, refused: outcome.refusedCount },
  ]);
}
