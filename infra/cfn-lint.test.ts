import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleDeployConfig } from './deploy-config';
import { synthesizeTestApp } from './stacks/test-app';

/**
 * Warning classes that are how CDK writes templates, not something a template of ours gets wrong; each is ignored by
 * id, with the reason. Errors are never ignored.
 */
const ignoredWarnings: Record<string, string> = {
  W3005:
    'DependsOn already enforced by a GetAtt: CDK adds an explicit dependency of each function on its role policy (so the ' +
    'policy exists before the function can run) while the function also reads the role ARN; its cross-region export ' +
    'writer does the same with its role.',
  W6001:
    'An output that re-exports an import: the stateless stack prints the user pool and client ids next to the API URL, so ' +
    'the operator finds every id the SPA and the scripts need in one stack; the stateful stack exports them.',
};

const cfnLintMissing =
  'cfn-lint is not on PATH. Our machines have it from the Python image; elsewhere install it with `pip install cfn-lint` ' +
  '(1.51 or later). npm test lints every synthesized template with it.';

describe('cfn-lint', () => {
  it('finds no error and no warning but the ignored CDK classes in any synthesized template', () => {
    const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
    if (version.error || version.status !== 0) throw new Error(cfnLintMissing);

    const assembly = synthesizeTestApp().app.synth();
    const templates = readdirSync(assembly.directory).filter((file) => file.endsWith('.template.json')).map((file) => join(assembly.directory, file));
    expect(templates.length).toBeGreaterThanOrEqual(10);
    // The web ACL's stack exists only when the configuration asks for a WAF (which needs a region).
    const withWaf = synthesizeTestApp({ deployConfig: { ...exampleDeployConfig(), region: 'eu-north-1', waf: {}, threatProtection: 'enforced' } });
    const wafAssembly = withWaf.app.synth();
    templates.push(join(wafAssembly.directory, `${withWaf.edgeWaf?.artifactId ?? 'missing'}.template.json`));
    const run = spawnSync('cfn-lint', ['--format', 'parseable', '--ignore-checks', ...Object.keys(ignoredWarnings), '--', ...templates], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const findings = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(findings, run.stderr).toEqual([]);
    // 0: nothing found; anything else with no finding printed is cfn-lint itself failing.
    expect(run.status, run.stderr).toBe(0);
  }, 300_000);
});
