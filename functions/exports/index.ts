// What other contexts may use of this one (the lint rule in test/eslint.config.js holds them to it).
export { csvFileLink, exportMessageSchema, finishBackgroundFile, finishExport, readExportJob, runningFileKeys, startExport, uploadTextStream } from './export-jobs';
export type { ExportJobRecord, FileOutcome } from './export-jobs';
