import { recordedCallsDir } from '../local/recorded-aws-calls';
import { synthesizeTestApp } from '../stacks/test-app';
import { checkRecordedCalls, readRecordedCalls, summaryOf } from './check-recorded-calls';
import type { CfnTemplate } from './template-values';
import { unusedGrantsReport } from './unused-grants';

/**
 * `npm run grants:unused`: the grants of the synthesized roles that no call of the last test runs used (the runs leave
 * their recorded calls in test-results/aws-calls), and the calls any role would refuse.
 */
const files = readRecordedCalls(recordedCallsDir);
if (files.length === 0) {
  console.error(`No recorded calls in ${recordedCallsDir}: run \`npm test\` (or its integration or end-to-end tests) first.`);
  process.exit(1);
}
const app = synthesizeTestApp();
const report = await checkRecordedCalls(
  { stateful: app.statefulTemplate.toJSON() as CfnTemplate, stateless: app.statelessTemplate.toJSON() as CfnTemplate },
  files,
);
console.log(unusedGrantsReport(report));
console.log(summaryOf(report));
if (report.problems.length > 0) {
  console.error(`\nCalls their role would refuse:\n${report.problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
