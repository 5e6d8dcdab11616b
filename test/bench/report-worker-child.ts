import type { SQSEvent } from 'aws-lambda';

/**
 * The reports worker alone in its own process, so the bench can sample its memory: writes a transactions report of
 * the last 366 days for the company named by argv[2] (no queue message: the local cloud's workers must not take it
 * too), runs the worker's handler on it as SQS would deliver it, and prints the outcome as JSON.
 */
async function main(): Promise<void> {
  const companyId = process.argv[2] ?? '';
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { rigaDateOf } = await import('@shared/dates');
  const { dynamo } = await import('@functions/platform/clients');
  const { entities, keys } = await import('@functions/platform/keys');
  const { tableName, getItem } = await import('@functions/platform/table');
  const { buildableReport, newReportId } = await import('@functions/reports/report-store');
  const { handler } = await import('@functions/reports/build-report');
  const now = new Date();
  // Parsed by the worker's own schema, so a report the worker would refuse fails here, not as an empty measurement.
  const report = buildableReport.parse({
    companyId,
    reportId: newReportId(now),
    type: 'transactions',
    dateFrom: rigaDateOf(new Date(now.getTime() - 366 * 86_400_000)),
    dateTo: rigaDateOf(now),
    lang: 'en',
    status: 'generating',
    requestedBy: 'bench',
    requestedByEmail: 'bench-owner@test.local',
    created: now.toISOString(),
    rows: null,
  });
  await dynamo.send(new PutCommand({ TableName: tableName(), Item: { ...keys.report(companyId, report.reportId), entity: entities.report, ...report } }));
  const began = performance.now();
  const event = {
    Records: [{ messageId: report.reportId, body: JSON.stringify({ companyId, reportId: report.reportId }), attributes: { ApproximateReceiveCount: '1' } }],
  } as unknown as SQSEvent;
  const outcome = await handler(event);
  const seconds = (performance.now() - began) / 1000;
  const done = await getItem(keys.report(companyId, report.reportId));
  process.stdout.write(`${JSON.stringify({ seconds, failures: outcome.batchItemFailures.length, status: done?.status, rows: done?.rows })}\n`);
  if (done?.status !== 'active') process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
