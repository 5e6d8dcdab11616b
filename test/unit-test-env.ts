import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '@functions/platform/env';

/**
 * For unit tests of a failure no emulator can produce (aws-sdk-client-mock): a handler's environment with dummy
 * values for the file's tests, and the process's own environment back afterwards.
 */
export function useDummyHandlerEnvironment(): void {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, {
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: 't',
      DOCUMENTS_BUCKET: 'd',
      REPORTS_BUCKET: 'r',
      REPORTS_QUEUE_URL: 'q',
      EXPORTS_QUEUE_URL: 'q',
      FUNDING_QUEUE_URL: 'q',
      INVOICES_QUEUE_URL: 'q',
      MAIL_QUEUE_URL: 'q',
      WEBHOOKS_QUEUE_URL: 'q',
      USER_POOL_ID: 'pool',
      USER_POOL_CLIENT_ID: 'client',
      MAIL_FROM: 'no-reply@bonus-card.local',
      PORTAL_URL: 'https://portal.example',
    });
    resetEnvForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvForTests();
  });
}
