import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { csvLine } from '@shared/csv';
import { keys } from '@functions/platform/keys';
import { fundingCsvColumns, fundingFileSchema } from '@shared/funding';
import { demoPassword } from '../../infra/local/demo-data';
import { localClients } from '../../infra/local/provision';
import { fixedSmsCode } from '../../infra/local/settings';
import { benchPorts } from './bench-cloud';
import type { ReadyInfo } from '../../infra/local/spawn-local-cloud';
import { createOwnCompany } from '../integration/company-fixtures';
import { putEmployees } from '../integration/funding-fixtures';

const rows = 10_000;

export interface CsvFundingOutcome {
  rows: number;
  /** Upload and preview, apply until the result, and both together (DESIGN section 11: <= 60 s locally). */
  previewSeconds: number;
  applySeconds: number;
  totalSeconds: number;
  appliedCount: number;
  failedCount: number;
}

/**
 * Times a 10,000-row funding CSV end to end against the running test cloud (fixed SMS codes): a company of its own
 * with 10,000 active employees, the file uploaded and previewed, applied by the funding worker, polled to its result.
 */
export async function benchCsvFunding(cloud: ReadyInfo): Promise<CsvFundingOutcome> {
  const clients = localClients(benchPorts);
  const fixture = { table: DynamoDBDocumentClient.from(clients.dynamodb), tableName: cloud.resources.tableName, cognito: clients.cognito, userPoolId: cloud.resources.userPoolId };
  const company = await createOwnCompany(fixture, { role: 'manager', availableCents: 1_000_000_000 });
  const employees = await putEmployees(fixture, company.companyId, rows);
  const first = await clients.cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.resources.userPoolClientId, AuthParameters: { USERNAME: company.email, PASSWORD: demoPassword } }),
  );
  const second = await clients.cognito.send(
    new RespondToAuthChallengeCommand({ ChallengeName: 'SMS_MFA', ClientId: cloud.resources.userPoolClientId, Session: first.Session, ChallengeResponses: { USERNAME: company.email, SMS_MFA_CODE: fixedSmsCode } }),
  );
  const token = second.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('the funding bench user got no access token');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cloud.urls.api}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return fundingFileSchema.parse(await response.json());
  };

  const content = csvLine(fundingCsvColumns) + employees.map((employee) => csvLine([employee.employeeId, employee.name, employee.surname, employee.personalCode, employee.phone, employee.lastCardDigits, '0.00', '10.00'])).join('');
  const started = performance.now();
  const preview = await call('POST', '/funding/files', { fileName: 'bench.csv', content });
  const previewed = performance.now();
  let file = await call('POST', `/funding/files/${preview.fileId}/apply`, {});
  while (file.status !== 'applied') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    file = await call('GET', `/funding/files/${preview.fileId}`);
  }
  const finished = performance.now();
  // Exactly once: the main account gave what the rows hold, no more (a row paid twice would show here).
  const account = await fixture.table.send(new GetCommand({ TableName: fixture.tableName, Key: keys.mainAccount(company.companyId) }));
  const movedCents = 1_000_000_000 - Number(account.Item?.availableCents);
  if (movedCents !== rows * 1_000) throw new Error(`the funding bench's file moved ${movedCents} cents, not ${rows * 1_000}`);
  return {
    rows,
    previewSeconds: (previewed - started) / 1000,
    applySeconds: (finished - previewed) / 1000,
    totalSeconds: (finished - started) / 1000,
    appliedCount: file.result?.appliedCount ?? 0,
    failedCount: file.result?.failedCount ?? 0,
  };
}
