import * as z from 'zod/mini';
import {
  draftPreviewSchema,
  scheduleBodySchema,
  schedulePreviewBodySchema,
  scheduleUpdateBodySchema,
  scheduleDetailSchema,
  scheduleIdParamsSchema,
  scheduleListSchema,
  scheduleRunParamsSchema,
  scheduleRunSchema,
  scheduleStateBodySchema,
  scheduleViewSchema,
} from '../../funding-schedules';
import type { RouteDefinition } from '../route-definition';
import { okAnswerSchema } from '../schemas';

/**
 * Scheduled fundings (issue 21): managers and owners keep the rules, accountants read them and their runs. Starting a
 * run by hand moves money, so it carries an Idempotency-Key like every money POST.
 */
const reader = { kind: 'member', minRole: 'accountant' } as const;
const manager = { kind: 'member', minRole: 'manager' } as const;

export const listFundingSchedules = {
  method: 'GET',
  path: '/funding/schedules',
  handler: 'funding/list-funding-schedules',
  access: reader,
  activeCompanyOnly: true,
  answer: scheduleListSchema,
} as const satisfies RouteDefinition;

export const getFundingSchedule = {
  method: 'GET',
  path: '/funding/schedules/{scheduleId}',
  handler: 'funding/get-funding-schedule',
  access: reader,
  activeCompanyOnly: true,
  params: scheduleIdParamsSchema,
  answer: scheduleDetailSchema,
} as const satisfies RouteDefinition;

export const previewFundingSchedule = {
  method: 'POST',
  path: '/funding/schedules/preview',
  handler: 'funding/preview-funding-schedule',
  access: manager,
  activeCompanyOnly: true,
  body: schedulePreviewBodySchema,
  answer: draftPreviewSchema,
} as const satisfies RouteDefinition;

export const createFundingSchedule = {
  method: 'POST',
  path: '/funding/schedules',
  handler: 'funding/create-funding-schedule',
  access: manager,
  activeCompanyOnly: true,
  body: scheduleBodySchema,
  answer: scheduleViewSchema,
} as const satisfies RouteDefinition;

export const updateFundingSchedule = {
  method: 'PUT',
  path: '/funding/schedules/{scheduleId}',
  handler: 'funding/update-funding-schedule',
  access: manager,
  activeCompanyOnly: true,
  params: scheduleIdParamsSchema,
  body: scheduleUpdateBodySchema,
  answer: scheduleViewSchema,
} as const satisfies RouteDefinition;

export const setFundingScheduleState = {
  method: 'PUT',
  path: '/funding/schedules/{scheduleId}/state',
  handler: 'funding/set-funding-schedule-state',
  access: manager,
  activeCompanyOnly: true,
  params: scheduleIdParamsSchema,
  body: scheduleStateBodySchema,
  answer: scheduleViewSchema,
} as const satisfies RouteDefinition;

export const deleteFundingSchedule = {
  method: 'DELETE',
  path: '/funding/schedules/{scheduleId}',
  handler: 'funding/delete-funding-schedule',
  access: manager,
  activeCompanyOnly: true,
  params: scheduleIdParamsSchema,
  answer: okAnswerSchema,
} as const satisfies RouteDefinition;

export const startFundingScheduleRun = {
  method: 'POST',
  path: '/funding/schedules/{scheduleId}/runs/{runDate}',
  handler: 'funding/start-funding-schedule-run',
  access: manager,
  activeCompanyOnly: true,
  idempotent: true,
  params: scheduleRunParamsSchema,
  body: z.object({}),
  answer: scheduleRunSchema,
} as const satisfies RouteDefinition;
