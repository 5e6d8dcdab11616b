import { inject } from 'vitest';
import { resetEnvForTests } from '@functions/platform/env';

// Before each file: the handlers' environment of the test cloud, whatever the file before it (same worker, modules
// shared: isolate false) pointed them at, such as a queue of its own.
Object.assign(process.env, inject('cloud').handlerEnvironment);
resetEnvForTests();
