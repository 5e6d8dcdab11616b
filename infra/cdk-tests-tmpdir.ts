import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The CDK tests' global setup. Every app they synthesize writes a cloud assembly of about 26 MB to a new `cdk.out…`
 * folder in the machine's temporary folder, which nothing removed: gigabytes after a few days of runs. The run's
 * workers inherit a temporary folder of the run's own, removed when it ends.
 */
export default function useRunTmpdir(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'portal-cdk-tests-'));
  process.env.TMPDIR = runDir;
  return () => rmSync(runDir, { recursive: true, force: true });
}
