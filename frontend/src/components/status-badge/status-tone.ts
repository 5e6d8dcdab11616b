import type { ApprovalStatus } from '@shared/approvals';
import type { CardAccountStatus, CardStatus, CompanyStatus, DeviceStatus, EmployeeStatus, ReportStatus, TransactionStatus } from '@shared/statuses';
import type { ScheduleRunStatus, ScheduleState } from '@shared/funding-schedules';
import type { MemberStatus } from '@shared/team';
import type { WebhookDeliveryStatus } from '@shared/webhooks';

/** A status badge's colour, by what the status means to the reader rather than by its name. */
export type StatusTone = 'positive' | 'pending' | 'negative' | 'neutral';

/**
 * Every status the portal shows, each with its tone: positive (done, usable), pending (waiting for a step, someone's
 * or the system's), negative (stopped, blocked, failed, refused) and neutral (neither: ended or never started).
 */
const tones = {
  employee: { active: 'positive', created: 'pending', non_active: 'neutral', closed_card: 'negative' },
  card: {
    active: 'positive',
    new: 'pending',
    ordered: 'pending',
    delivered: 'pending',
    replaced_ordered: 'pending',
    replaced_delivered: 'pending',
    soft_blocked: 'negative',
    blocked: 'negative',
    suspended: 'negative',
    stopped: 'negative',
    closed: 'neutral',
    removed: 'neutral',
    inactive: 'neutral',
    none: 'neutral',
  },
  device: { active: 'positive', created: 'pending', blocked: 'negative', removed: 'neutral' },
  cardAccount: { active: 'positive', inactive: 'neutral' },
  transaction: { regular: 'positive', authorization: 'pending', reversed: 'neutral' },
  report: { active: 'positive', generating: 'pending', generation_failed: 'negative' },
  company: { active: 'positive', pending_approval: 'pending', returned: 'pending', onboarding: 'neutral', rejected: 'negative' },
  teamMember: { active: 'positive', invited: 'pending' },
  webhookDelivery: { delivered: 'positive', pending: 'pending', sending: 'pending', retrying: 'pending', failed: 'negative' },
  fundingSchedule: { active: 'positive', paused: 'pending', finished: 'neutral', awaiting_approval: 'pending' },
  fundingRun: { applied: 'positive', awaiting_approval: 'pending', queued: 'pending', applying: 'pending', refused: 'negative', failed: 'negative', declined: 'negative' },
  approval: { approved: 'positive', pending: 'pending', rejected: 'negative', expired: 'neutral' },
} as const satisfies {
  employee: Record<EmployeeStatus, StatusTone>;
  card: Record<CardStatus, StatusTone>;
  device: Record<DeviceStatus, StatusTone>;
  cardAccount: Record<CardAccountStatus, StatusTone>;
  transaction: Record<TransactionStatus, StatusTone>;
  report: Record<ReportStatus, StatusTone>;
  company: Record<CompanyStatus, StatusTone>;
  teamMember: Record<MemberStatus, StatusTone>;
  webhookDelivery: Record<WebhookDeliveryStatus, StatusTone>;
  fundingSchedule: Record<ScheduleState, StatusTone>;
  fundingRun: Record<ScheduleRunStatus, StatusTone>;
  approval: Record<ApprovalStatus, StatusTone>;
};

export type StatusKind = keyof typeof tones;

/** The tone of one status of a kind; a value the portal does not know yet reads as neutral. */
export function statusTone(kind: StatusKind, value: string): StatusTone {
  const ofKind: Readonly<Record<string, StatusTone>> = tones[kind];
  return ofKind[value] ?? 'neutral';
}
