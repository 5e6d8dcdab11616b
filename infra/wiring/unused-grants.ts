import type { RoleCheckReport } from './check-recorded-calls';
import { iamPatternMatches, type Grant } from './role-check';

/**
 * Grants that stay although no recorded call uses them, each with its reason (docs/decisions.md "Grants no recorded
 * call uses"). The report lists these apart from the rest, which are candidates for removal.
 */
export const grantsThatStay: readonly { action: string; resource?: string; why: string }[] = [
  { action: 'logs:*', why: 'the Lambda runtime writes the function\'s logs with its role; no SDK call of ours does' },
];

export function reasonToKeep(grant: Grant): string | undefined {
  return grantsThatStay.find((kept) => iamPatternMatches(kept.action, grant.action) && (kept.resource === undefined || iamPatternMatches(kept.resource, grant.resource)))?.why;
}

/** The report `npm run grants:unused` prints and the role check writes to test-results/unused-grants.txt. */
export function unusedGrantsReport(report: RoleCheckReport): string {
  const kept = report.unused.flatMap((grant) => {
    const why = reasonToKeep(grant);
    return why ? [{ grant, why }] : [];
  });
  const candidates = report.unused.filter((grant) => reasonToKeep(grant) === undefined);
  const line = (grant: Grant) => `  functions/${grant.function}: ${grant.action} on ${grant.resource}`;
  return [
    `Grants no recorded call used (${report.functions} functions ran; ${report.distinctCalls} distinct calls)`,
    '',
    `Not explained: ${candidates.length}`,
    ...candidates.map(line),
    '',
    `Kept for a stated reason: ${kept.length}`,
    ...kept.map(({ grant, why }) => `${line(grant)}  (${why})`),
    '',
    `Functions the runs never started (their grants are unmeasured): ${report.functionsNeverRun.length}`,
    ...report.functionsNeverRun.map((handler) => `  functions/${handler}`),
    '',
    'Token-authorized requests (no IAM policy decides them):',
    ...Object.entries(report.notIamAuthorized).map(([action, count]) => `  ${action}: ${count}`),
    '',
  ].join('\n');
}
