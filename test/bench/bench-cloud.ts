import { testCloudBase, testCloudDataDir, testCloudPorts, type LocalPorts } from '../../infra/local/settings';

/**
 * The bench's local cloud is the test cloud of `TEST_CLOUD_BASE` (0 when unset: the integration suite's own ports), so
 * a bench beside other test runs on one machine starts on ports and data of its own (settings.ts testCloudPorts).
 */
export const benchInstance: number = testCloudBase();
export const benchPorts: LocalPorts = testCloudPorts(benchInstance);
/** Where the cloud keeps its data when the bench does not keep it (`--keep-data` keeps it in .bench-local). */
export const benchDataDirDefault: string = testCloudDataDir(benchInstance);
