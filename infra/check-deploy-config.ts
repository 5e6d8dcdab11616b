import { deployBlockers, deployConfigEnvVar, loadDeployConfig, operatorConfigFile } from './deploy-config';

/**
 * `npm run deploy` runs this first: the configuration it is about to deploy ($DEPLOY_CONFIG, else deploy-config.json)
 * must be valid and chosen (no example, no placeholder), or nothing is built or deployed.
 */
function main(): number {
  let loaded;
  try {
    loaded = loadDeployConfig(undefined);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const blockers = deployBlockers(loaded.config);
  if (blockers.length > 0) {
    console.error(`Not deploying with ${loaded.source}:\n${blockers.map((blocker) => `  - ${blocker}`).join('\n')}`);
    console.error(`Write ${operatorConfigFile} (or name a file in $${deployConfigEnvVar}); see "Deploy to AWS" in README.md.`);
    return 1;
  }
  console.log(`Deploy configuration ${loaded.source}: ok`);
  return 0;
}

process.exitCode = main();
