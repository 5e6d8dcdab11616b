import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { addLambdaContext, logger } from './logger';

/** What CloudFormation sends the function of a custom resource, as far as a deploy job needs it. */
const customResourceRequestSchema = /* @__PURE__ */ z.object({
  RequestType: z.enum(['Create', 'Update', 'Delete']),
  ResponseURL: z.url({ protocol: /^https?$/ }),
  StackId: z.string(),
  RequestId: z.string(),
  LogicalResourceId: z.string(),
  PhysicalResourceId: z.optional(z.string()),
});
type CustomResourceRequest = z.infer<typeof customResourceRequestSchema>;

/**
 * The handler of a deploy job (infra/definitions.ts `deployJobs`). Started by its CloudFormation custom resource, it
 * answers CloudFormation first (success: the job has started), so the deploy neither waits for it nor is rolled back
 * by its failure, then runs; removing the resource runs nothing. Invoked any other way (an operator, the local cloud)
 * it just runs. A failed run throws: Lambda starts an asynchronous invocation twice more, then the function's failures
 * alarm fires.
 */
export function deployJob<T>(name: string, run: () => Promise<T>): (event: unknown, context?: Context) => Promise<T | null> {
  return async (event, context) => {
    addLambdaContext(context);
    const request = customResourceRequestSchema.safeParse(event);
    if (request.success) {
      await answerCloudFormation(name, request.data);
      if (request.data.RequestType === 'Delete') return null;
    }
    const result = await run();
    logger.info(`${name} done`, { result });
    return result;
  };
}

/** The custom resource protocol's answer: a PUT of its outcome to the pre-signed URL CloudFormation gave. */
async function answerCloudFormation(name: string, request: CustomResourceRequest): Promise<void> {
  const body = JSON.stringify({
    Status: 'SUCCESS',
    Reason: `${name} started; its function's log says how it ended`,
    // The same id on every request, so an update is never taken for a replacement (which would delete the old one).
    PhysicalResourceId: request.PhysicalResourceId ?? name,
    StackId: request.StackId,
    RequestId: request.RequestId,
    LogicalResourceId: request.LogicalResourceId,
  });
  // No content type: the URL is signed without one.
  const answer = await fetch(request.ResponseURL, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!answer.ok) throw new Error(`CloudFormation's response URL answered ${answer.status}`);
}
