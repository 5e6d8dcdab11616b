import { rigaDateOf } from '@shared/dates';
import { useCase } from '../platform/use-case';
import { fundingTemplate } from './funding-rows';
import { listFundableEmployees } from './funding-store';
import * as fundingRoutes from '@shared/api/routes/funding-routes';

/** The funding template: today's users who can receive funds, with an empty 'Add Balance' column to fill in. */
export const handler = useCase(fundingRoutes.getFundingTemplate, async ({ caller }) => ({
  fileName: `add-balance-${rigaDateOf(new Date())}.csv`,
  content: fundingTemplate(await listFundableEmployees(caller.companyId)),
}));
