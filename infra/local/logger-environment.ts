import { parseArgs } from 'node:util';
import { handlerLogLevel } from './settings';

/**
 * Imported first by the local cloud's entry point (start.ts): the handlers' one logger reads its service name and level
 * when it is made, which is when the first handler module is imported, before the cloud copies its environment. So
 * they are set here, from the same --profile, before any other import runs.
 */
const { values } = parseArgs({ options: { profile: { type: 'string', default: 'dev' } }, strict: false });
process.env.POWERTOOLS_SERVICE_NAME ??= 'local-cloud';
process.env.POWERTOOLS_LOG_LEVEL ??= values.profile === 'test' ? handlerLogLevel.test : handlerLogLevel.dev;
