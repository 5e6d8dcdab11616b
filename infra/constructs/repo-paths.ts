import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute, so synth works the same from any working directory (cdk, vitest, an IDE). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function handlerEntry(handler: string): string {
  return path.join(repoRoot, 'functions', `${handler}.ts`);
}

export const frontendDist = path.join(repoRoot, 'frontend', 'dist');

export function frontendDistExists(): boolean {
  return existsSync(path.join(frontendDist, 'index.html'));
}
