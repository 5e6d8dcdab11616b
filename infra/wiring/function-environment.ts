import type { Template } from 'aws-cdk-lib/assertions';
import { localOnlyVariables, portalVariableNames, type PortalVariableName } from '../../functions/platform/env';
import { handlerOfTemplateFunction } from '../constructs/portal-function';

/** A function as a template makes it: its logical id, the handler it runs, and the names of its variables. */
export interface TemplateFunction {
  readonly id: string;
  readonly handler: string;
  readonly variables: readonly string[];
}

const portalVariable = new RegExp(`\\b(?:${portalVariableNames.join('|')})\\b`, 'g');

/**
 * The portal variables a bundle's code names. A name is in a bundle only through its reader in
 * functions/platform/env.ts, which esbuild leaves out of a bundle that never calls it (Powertools' logger names its
 * own two); no other code of ours reads process.env (eslint), so what the bundle names is what it may read.
 */
export function variablesNamedIn(code: string): PortalVariableName[] {
  const named = new Set(code.match(portalVariable));
  return portalVariableNames.filter((name) => named.has(name));
}

interface TemplateResource {
  Type: string;
  Properties?: { Role?: unknown; Description?: unknown; Environment?: { Variables?: Record<string, unknown> } };
}

/**
 * The portal's functions in the templates: each Lambda function whose role says which handler it runs
 * (infra/constructs/portal-function.ts). The libraries' own functions (the SPA's deployment) have other roles.
 */
export function portalFunctionsOf(templates: readonly Template[]): TemplateFunction[] {
  return templates.flatMap((template) => {
    const resources = (template.toJSON() as { Resources: Record<string, TemplateResource> }).Resources;
    return Object.entries(resources).flatMap(([id, resource]) => {
      if (resource.Type !== 'AWS::Lambda::Function') return [];
      const handler = handlerOfTemplateFunction(resources, resource);
      if (handler === undefined) return [];
      return [{ id, handler, variables: Object.keys(resource.Properties?.Environment?.Variables ?? {}) }];
    });
  });
}

/**
 * What is wrong with the functions' environments, one line each: a variable a function's bundle reads that its
 * template does not set (it would fail on its first request after a deploy), one set that it never reads, one that
 * only the local cloud may set (a secret's value where a deployment names its ARN), a name that is no portal variable,
 * and a handler bundled that no function runs, or the other way round. Empty when each is set exactly what it reads.
 */
export function environmentFindings(reads: ReadonlyMap<string, readonly PortalVariableName[]>, functions: readonly TemplateFunction[]): string[] {
  const findings: string[] = [];
  const known: ReadonlySet<string> = new Set(portalVariableNames);
  const localOnly: Readonly<Partial<Record<string, PortalVariableName>>> = localOnlyVariables;
  for (const { id, handler, variables } of functions) {
    const read = reads.get(handler);
    if (!read) {
      findings.push(`${id} runs functions/${handler}, which was not bundled`);
      continue;
    }
    // A local-only variable is read together with its deployment's counterpart, which the template must set.
    for (const name of read) if (localOnly[name] === undefined && !variables.includes(name)) findings.push(`functions/${handler} reads ${name}, which its template does not set`);
    for (const name of variables) {
      const counterpart = localOnly[name];
      if (!known.has(name)) findings.push(`functions/${handler} is set ${name}, which is no portal variable (functions/platform/env.ts)`);
      else if (counterpart !== undefined) findings.push(`functions/${handler} is set ${name}, which only the local cloud sets (a deployment sets ${counterpart})`);
      else if (!read.includes(name as PortalVariableName)) findings.push(`functions/${handler} is set ${name} but never reads it`);
    }
  }
  const run = new Set(functions.map((fn) => fn.handler));
  for (const handler of reads.keys()) if (!run.has(handler)) findings.push(`functions/${handler} was bundled, but no function of the templates runs it`);
  return findings;
}
