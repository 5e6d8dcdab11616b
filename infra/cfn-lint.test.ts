import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cfnLintProblem, lintTemplates } from './cfn-lint';
import { exampleDeployConfig } from './deploy-config';
import { synthesizeTestApp } from './stacks/test-app';

describe('cfn-lint', () => {
  it('finds no error and no warning but the ignored CDK classes in any synthesized template', () => {
    const problem = cfnLintProblem();
    if (problem) throw new Error(problem);

    const assembly = synthesizeTestApp().app.synth();
    const templates = readdirSync(assembly.directory).filter((file) => file.endsWith('.template.json')).map((file) => join(assembly.directory, file));
    expect(templates.length).toBeGreaterThanOrEqual(10);
    // The web ACL's stack exists only when the configuration asks for a WAF (which needs a region).
    const withWaf = synthesizeTestApp({ deployConfig: { ...exampleDeployConfig(), region: 'eu-north-1', waf: {}, threatProtection: 'enforced' } });
    const wafAssembly = withWaf.app.synth();
    templates.push(join(wafAssembly.directory, `${withWaf.edgeWaf?.artifactId ?? 'missing'}.template.json`));
    const run = lintTemplates(templates);
    expect(run.findings, run.stderr).toEqual([]);
    // 0: nothing found; anything else with no finding printed is cfn-lint itself failing.
    expect(run.status, run.stderr).toBe(0);
  }, 300_000);
});
