import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the machine must have; each answers a sentence saying what is missing and how to get it, or null. */
export function javaProblem(): string | null {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
  if (java.error || !version) return 'Java is missing: DynamoDB Local needs Java 17 or newer (apt-get install -y openjdk-17-jre-headless).';
  if (Number(version) < 17) return `Java ${version} is too old: DynamoDB Local needs Java 17 or newer.`;
  return null;
}

export function nodeProblem(): string | null {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    return `Node ${process.versions.node} is too old: the project needs Node 22.12 or newer (24 is the target).`;
  }
  return null;
}

export function chromiumProblem(path: string): string | null {
  return existsSync(path) ? null : `Chromium is missing at ${path}: apt-get install -y chromium (or set PORTAL_CHROMIUM_PATH).`;
}
