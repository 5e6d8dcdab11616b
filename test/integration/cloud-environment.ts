// First: it takes over the presigned POST package's export before any function module imports it.
import { startRecordingAwsCalls, type AwsCallRecording } from '../../infra/local/aws-call-recorder';
import { afterAll, inject } from 'vitest';
import { resetEnvForTests } from '@functions/platform/env';
import { inProcessTestsLabel, recordedCallsDirVariable } from '../../infra/local/recorded-aws-calls';

// Before each file: the handlers' environment of the test cloud, whatever the file before it (same worker, modules
// shared: isolate false) pointed them at, such as a queue of its own.
Object.assign(process.env, inject('cloud').handlerEnvironment);
resetEnvForTests();

// The handlers and jobs a test runs in its own process (asFunction, support.ts) make AWS calls too: this worker records
// them beside the cloud's, for the role check. Started once per worker, written after each file.
const recordingSlot = globalThis as { integrationTestsAwsCalls?: AwsCallRecording };
const recordedCallsDir = process.env[recordedCallsDirVariable];
if (recordedCallsDir) {
  recordingSlot.integrationTestsAwsCalls ??= await startRecordingAwsCalls({ dir: recordedCallsDir, label: inProcessTestsLabel, environment: inject('cloud').handlerEnvironment });
  afterAll(() => recordingSlot.integrationTestsAwsCalls?.flush());
}
