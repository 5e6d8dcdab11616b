import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deployJob } from './deploy-job';

/** Stands in for the pre-signed URL CloudFormation waits on: records each answer put there. */
let server: Server;
let responseUrl = '';
let answers: { method: string; contentType: string | undefined; body: Record<string, unknown> }[] = [];
const order: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      order.push('answered');
      answers.push({ method: request.method ?? '', contentType: request.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/response?signature=x`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = [];
  order.length = 0;
});

const request = (requestType: 'Create' | 'Update' | 'Delete') => ({
  RequestType: requestType,
  ResponseURL: responseUrl,
  StackId: 'arn:aws:cloudformation:eu-west-1:111122223333:stack/s/1',
  RequestId: 'request-1',
  LogicalResourceId: 'SealRun',
  ResourceType: 'Custom::DeployJob',
  ResourceProperties: { ServiceToken: 'arn', Job: 'webhooks/seal-webhook-secrets' },
});

describe('a deploy job', () => {
  it('started by CloudFormation, answers it success before it runs, then runs', async () => {
    const job = deployJob('test job', async () => {
      order.push('ran');
      return { sealed: 2 };
    });
    expect(await job(request('Create'))).toEqual({ sealed: 2 });
    expect(order).toEqual(['answered', 'ran']);
    expect(answers).toEqual([
      {
        method: 'PUT',
        contentType: '',
        body: expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'test job', StackId: request('Create').StackId, RequestId: 'request-1', LogicalResourceId: 'SealRun' }),
      },
    ]);
  });

  it('fails after it answered when its run fails, so Lambda tries it again and its alarm fires, not the deploy', async () => {
    const job = deployJob('test job', () => Promise.reject(new Error('the table refused')));
    await expect(job(request('Update'))).rejects.toThrow('the table refused');
    expect(answers.map((answer) => answer.body.Status)).toEqual(['SUCCESS']);
  });

  it('runs nothing when its resource is removed, and just runs when invoked by hand', async () => {
    let runs = 0;
    const job = deployJob('test job', async () => (runs += 1));
    expect(await job(request('Delete'))).toBeNull();
    expect(runs).toBe(0);
    expect(await job({})).toBe(1);
    expect(answers).toHaveLength(1);
  });
});
