import { spawnSync } from 'node:child_process';

/**
 * Warning classes that are how CDK writes templates, not something a template of ours gets wrong; each is ignored by
 * id, with the reason. Errors are never ignored.
 */
export const ignoredWarnings: Record<string, string> = {
  W3005:
    'DependsOn already enforced by a GetAtt: CDK adds an explicit dependency of each function on its role policy (so the ' +
    'policy exists before the function can run) while the function also reads the role ARN; its cross-region export ' +
    'writer does the same with its role.',
  W6001:
    'An output that re-exports an import: the stateless stack prints the user pool and client ids next to the API URL, so ' +
    'the operator finds every id the SPA and the scripts need in one stack; the stateful stack exports them.',
};

/** Why cfn-lint cannot run here, or null when it can. */
export function cfnLintProblem(): string | null {
  const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (!version.error && version.status === 0) return null;
  return (
    'cfn-lint is not on PATH. Our machines have it from the Python image; elsewhere install it with `pip install cfn-lint` ' +
    '(1.51 or later). npm test and `npm run deploy -- --dry-run` lint every synthesized template with it.'
  );
}

/**
 * Lints the template files: each finding a line (none when they are clean), and cfn-lint's own exit status and errors
 * (a status other than 0 with no finding is cfn-lint itself failing).
 */
export function lintTemplates(files: readonly string[]): { findings: string[]; status: number | null; stderr: string } {
  const run = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', ...Object.keys(ignoredWarnings), '--', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { findings: run.stdout.split('\n').filter((line) => line.trim() !== ''), status: run.status, stderr: `${run.stderr}${run.error ? String(run.error) : ''}` };
}
