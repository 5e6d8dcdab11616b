import * as fundingRoutes from '@shared/api/routes/funding-routes';
import { callApi } from './http';
import { saveBlob } from './save-blob';

/** Downloads the funding template (the current users with an empty 'Add Balance' column) as a CSV file. */
export async function downloadFundingTemplate(): Promise<void> {
  const template = await callApi(fundingRoutes.getFundingTemplate);
  saveBlob(new Blob([template.content], { type: 'text/csv;charset=utf-8' }), template.fileName);
}
