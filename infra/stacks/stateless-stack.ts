import { Aws, CfnOutput, CustomResource, Duration, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { originVerifyHeader } from '../../shared/api/origin';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { apiPathPrefix, checksCognitoToken, type RouteDefinition, routes } from '../../shared/api/manifest';
import { apiKeyRequestsPerMinute } from '../../shared/api-keys';
import { publicApiPath, publicApiScopeOf } from '../../shared/api/public-api';
import * as issuerRoutes from '../../shared/api/routes/issuer-routes';
import { webhookSecretPurpose } from '../../shared/webhooks';
import { spaRewriteCode, stripPrefixCode } from '../constructs/edge-functions';
import { PortalFunction } from '../constructs/portal-function';
import { alarmOnDeadLetters } from '../constructs/queue-with-dlq';
import { acknowledgeWildcards, findStackChild, type WildcardFinding } from '../constructs/late-acknowledgements';
import { auditDigestsKeyPrefix, documentsKeyPrefix, entities, exportsKeyPrefix, invoicesKeyPrefix, uploadsKeyPrefix } from '../../functions/platform/keys';
import type { PortalVariableName } from '../../functions/platform/env';
import { frontendDist, frontendDistExists } from '../constructs/repo-paths';
import { assetsDir, immutableAssetCache, pageCache, pageOfPath } from '../../shared/page-entries';
import { vatRateBasisPointsOf, type DeployConfig } from '../deploy-config';
import { apiFunctionSettings, deadLetterRetentionDays, deployJobs, dueFundingRunsSchedule, type JobSchedule, outboxRelay, queueDefinitions, queueWorkers, scheduledJobs, tableDefinition } from '../definitions';
import { auditTrailMismatchMetric, overdueWorkMetric, workNotEndedCleanlyMetric } from '../../functions/platform/metrics';
import { queueRetryBaseSeconds } from '../../functions/platform/queue-work';
import type { PortalQueues, QueueName } from './stateful-stack';

type HandlerName = (typeof routes)[number]['handler'];

type BackgroundHandler = (typeof queueWorkers)[number]['handler'] | (typeof scheduledJobs)[number]['handler'] | (typeof deployJobs)[number]['handler'] | typeof outboxRelay.handler;

/**
 * The portal's own e-mails: a change puts them in its transaction as an outbox item, the outbox relay queues them, and
 * the mail worker sends them.
 */
const mailQueue: QueueName = 'mail';

/** The card issuer sandbox's queue: only the functions that order cards may send to it (RouteNeeds.cardIssuer says who knows it). */
const issuerSandboxQueue: QueueName = 'issuerSandbox';
/**
 * Webhook events and deliveries: a change puts its event in its transaction as an outbox item, which the outbox relay
 * queues; the delivery functions queue deliveries (infra/handler-bundling.test.ts checks that a function that only
 * writes events carries no SQS client).
 */
const webhooksQueue: QueueName = 'webhooks';
/** How long the sandbox takes to deliver an ordered card in a deployment (locally 20 s, in tests 2 s). */
const cloudSandboxDeliverySeconds = 60;
/** A failed queue record's retry backoff in a deployment: 30 s, 60 s, then the dead-letter queue (locally 1-5 s). */
const cloudQueueRetryBaseSeconds = queueRetryBaseSeconds;
type CognitoAdminAction =
  | 'AdminGetUser'
  | 'AdminCreateUser'
  | 'AdminUpdateUserAttributes'
  | 'AdminSetUserMFAPreference'
  | 'AdminUserGlobalSignOut'
  | 'AdminDeleteUser';

/** What a route's function may touch beyond reading its own environment. */
export interface RouteNeeds {
  /** read: Get/BatchGet/Query; update: also UpdateItem; readWrite: also Put, Delete and BatchWrite. */
  readonly table: 'none' | 'read' | 'update' | 'readWrite';
  readonly documents: 'none' | 'read' | 'write' | 'readWrite';
  /** Staged uploads in the documents bucket (they expire): presigned to, then checked, copied out and deleted. */
  readonly uploads: 'none' | 'write' | 'readWrite';
  readonly reports: 'none' | 'read' | 'write' | 'readWrite';
  /** Export files in the reports bucket, under their own prefix (they expire). */
  readonly exports: 'none' | 'read' | 'write' | 'readWrite';
  /**
   * Invoice and credit note PDFs in the documents bucket, under their own prefix (issue 34): read to hand out, written
   * once by the invoices worker, deleted by nothing (their lifecycle rule keeps them for the accounting law's term).
   */
  readonly invoices: 'none' | 'read' | 'write';
  readonly sendTo: readonly QueueName[];
  readonly cognitoAdmin: readonly CognitoAdminAction[];
  /** Sends the portal's own e-mails through SES (from MAIL_FROM). */
  readonly sendsEmail: boolean;
  /** Sends text messages through SNS straight to phone numbers (no topic). */
  readonly sendsSms: boolean;
  /** The card issuer's webhook secret: to check the events' signatures, or (the sandbox) to sign and post them. */
  readonly issuerWebhook: 'none' | 'verify' | 'sign';
  /**
   * The KMS key of webhook signing secrets, for their purpose only: `seal` makes data keys (GenerateDataKey) for new
   * secrets, `open` opens them (Decrypt) to sign deliveries. Nothing needs both.
   */
  readonly webhookSecrets: 'none' | 'seal' | 'open';
  /** Scans the table: only a migration over every item of a kind that no key leads to. */
  readonly tableScan: boolean;
  /**
   * The audit digests bucket (issue 31): `write` reads the digests and writes new ones (the bucket itself refuses a
   * write over an existing one); nothing may delete one.
   */
  readonly auditDigests: 'none' | 'write';
  /**
   * Acts on cards through the card issuer (functions/issuer cardIssuer()): reads which issuer the deployment has and,
   * with the sandbox, the sandbox's queue and delay, which its class reads in every card action (a class is bundled
   * whole) though only ordering a card queues anything (`sendTo`).
   */
  readonly cardIssuer: boolean;
  /**
   * A queue worker that hands a failed record back sooner than its queue's visibility timeout would
   * (functions/platform/queue-worker.ts retryQueueUrl): it reads its own queue's URL and the backoff.
   */
  readonly retriesSooner: boolean;
  /** The settings the function's code reads that no grant above implies. */
  readonly settings: readonly GrantlessSetting[];
}

/**
 * Settings a function may read that no grant implies: PORTAL_URL for the links of the e-mails it composes (a low-balance
 * alert may follow any write that lowers a main account's available money) and of the API reference; PROVIDER_NAME
 * for texts, new companies and the support side's name; USER_POOL_CLIENT_ID for the calls Cognito answers without IAM
 * (sign-up, confirmation codes, password reset); SUPPORT_EMAIL and MAIL_FROM, where the provider's unseen-reply
 * notices go; WEBHOOKS_ALLOW_LOOPBACK for the functions that check or post to a webhook endpoint's address; the
 * INVOICE_* settings (the provider's legal details, the VAT rate and exemption) for the function that issues invoices.
 */
type GrantlessSetting = Extract<
  PortalVariableName,
  'PORTAL_URL' | 'PROVIDER_NAME' | 'USER_POOL_CLIENT_ID' | 'SUPPORT_EMAIL' | 'MAIL_FROM' | 'WEBHOOKS_ALLOW_LOOPBACK' | 'INVOICE_SELLER' | 'INVOICE_VAT_RATE_BASIS_POINTS' | 'INVOICE_VAT_EXEMPTION'
>;

/**
 * Routes that need more than the default say so here, keyed by handler, so every grant is reviewed in one place.
 * The default is what resolving the caller needs: reading the table; no writes, bucket, queue or Cognito action.
 */
export const routeNeeds: Partial<Record<HandlerName, Partial<RouteNeeds>>> = {
  // The first profile load after an invitation marks the person and their memberships active, and a session's first
  // records its sign-in: each with audit records (puts) in every company concerned (issue 31).
  'users/get-profile': { table: 'readWrite' },
  'users/set-language': { table: 'update' },
  'users/switch-client': { table: 'update' },
  // Signing out records the session's end; on all devices also the profile's cut and Cognito's global sign-out. Each
  // puts its audit records (issue 31), as every change below that was an update alone before.
  'users/log-out': { table: 'readWrite' },
  'users/log-out-everywhere': { table: 'readWrite', cognitoAdmin: ['AdminUserGlobalSignOut'] },
  // Sign-up writes the company, its claim, the profile and the membership; it deletes the Cognito user it made
  // when that transaction fails.
  'auth/sign-up': { table: 'readWrite', cognitoAdmin: ['AdminSetUserMFAPreference', 'AdminDeleteUser'], settings: ['USER_POOL_CLIENT_ID', 'PROVIDER_NAME'] },
  'auth/confirm-email': { table: 'readWrite', settings: ['USER_POOL_CLIENT_ID'] },
  // Cognito sends the code; the function only names the app client.
  'auth/resend-confirmation': { settings: ['USER_POOL_CLIENT_ID'] },
  'auth/request-password-reset': { settings: ['USER_POOL_CLIENT_ID'] },
  'auth/reset-password': { table: 'readWrite', cognitoAdmin: ['AdminUserGlobalSignOut'], settings: ['USER_POOL_CLIENT_ID'] },
  // The code is requested and checked with the caller's own access token; only the attribute write is admin.
  'auth/request-phone-code': { cognitoAdmin: ['AdminUpdateUserAttributes'] },
  'auth/confirm-phone': { table: 'readWrite', cognitoAdmin: ['AdminGetUser', 'AdminUserGlobalSignOut'] },
  // An invitation creates the Cognito user (and deletes it again when the membership cannot be written).
  'users/invite-member': { table: 'readWrite', cognitoAdmin: ['AdminCreateUser', 'AdminDeleteUser'] },
  'users/resend-invitation': { table: 'readWrite', cognitoAdmin: ['AdminCreateUser'] },
  'users/change-member-role': { table: 'readWrite' },
  'users/remove-member': { table: 'readWrite' },
  // A saved step may drop a replaced document: its record and its bytes go.
  'onboarding/save-step': { table: 'readWrite', documents: 'readWrite' },
  'onboarding/create-document-upload': { table: 'readWrite', uploads: 'write' },
  // The staged bytes are read to check them and deleted when they fail it; accepted, they are copied to their kept key
  // and the staged ones deleted (the kept copy too, when the document was removed meanwhile).
  'onboarding/confirm-document': { table: 'readWrite', documents: 'readWrite', uploads: 'readWrite' },
  'onboarding/delete-document': { table: 'readWrite', documents: 'readWrite' },
  'onboarding/get-document-link': { documents: 'read' },
  'onboarding/get-review-document-link': { documents: 'read' },
  'onboarding/approve-application': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'onboarding/reject-application': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'onboarding/return-application': { table: 'readWrite', settings: ['PORTAL_URL'] },
  // Ordering a card writes the employee, the card's owner, the counters, the audit record and the sandbox's card;
  // the sandbox queues the card's delivery.
  // Issue 35: a change that waits for approval e-mails the approvers a link to the portal (here and below).
  'employees/add-employee': { table: 'readWrite', sendTo: [issuerSandboxQueue], cardIssuer: true, settings: ['PORTAL_URL'] },
  'employees/replace-card': { table: 'readWrite', sendTo: [issuerSandboxQueue], settings: ['PORTAL_URL'], cardIssuer: true },
  // A card or app-access action updates the employee and the sandbox's card and puts its audit record; terminating
  // also returns the balance (ledger lines, main account) and deletes the phone claim; a phone change moves the claim.
  'employees/activate-card': { table: 'readWrite', cardIssuer: true },
  'employees/block-card': { table: 'readWrite', cardIssuer: true },
  'employees/unblock-card': { table: 'readWrite', cardIssuer: true },
  'employees/close-card': { table: 'readWrite', cardIssuer: true },
  'employees/terminate-product': { table: 'readWrite', settings: ['PORTAL_URL'], cardIssuer: true },
  'employees/block-app-access': { table: 'readWrite' },
  'employees/unblock-app-access': { table: 'readWrite' },
  // The employee's change, its audit record and the phone's sign-in guard, deleted.
  'employees/lift-sign-in-lock': { table: 'readWrite' },
  'employees/change-employee-phone': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'employees/set-employee-limits': { table: 'readWrite', cardIssuer: true, settings: ['PORTAL_URL'] },
  'employees/apply-bulk-card-action': { table: 'readWrite', cardIssuer: true },
  // Bulk employee import (issue 34): an upload keeps its bytes in the documents bucket (the company's prefix) with its
  // preview; applying records who started it and hands it to the import worker.
  'employees/upload-employee-import': { table: 'readWrite', documents: 'write' },
  'employees/apply-employee-import': { table: 'readWrite', sendTo: ['employeeImports'] },
  // Dual approval (issue 35): the rules with their audit record; a decision with its audit record, event and the
  // asker's e-mail (a link to the portal), and an approval with the funding it makes (main account, employees, ledger,
  // audit records, events). Approving a funding file reads its rows again (are they all still payable?) and hands the
  // file, its total set aside, to the funding worker; approving a change of a user makes it as its own route would
  // (a new user's card ordered, limits set at the issuer).
  'approvals/set-approval-rules': { table: 'readWrite' },
  'approvals/approve-request': { table: 'readWrite', documents: 'read', sendTo: ['funding', issuerSandboxQueue], settings: ['PORTAL_URL'], cardIssuer: true },
  'approvals/reject-request': { table: 'readWrite', settings: ['PORTAL_URL'] },
  // Every row of an import: its preview's rows kept beside its CSV, and the rows' outcomes.
  'employees/list-employee-import-rows': { documents: 'read' },
  // The price list and its audit record.
  'fees/set-price-list': { table: 'readWrite' },
  // An event changes the employee with its audit record and records its id.
  'employees/receive-issuer-event': { table: 'readWrite', issuerWebhook: 'verify' },
  // The issuer's signed payment requests and their settlements or reversals: the employee, counters, transaction,
  // tallies, authorization, ledger lines and audit record in one transaction.
  'authorizations/authorize-payment': { table: 'readWrite', issuerWebhook: 'verify' },
  'authorizations/receive-authorization-event': { table: 'readWrite', issuerWebhook: 'verify' },
  // The employee's /card: codes and sessions are items of their own; a sign-in may activate the app access.
  'cardholders/request-sign-in-code': { table: 'readWrite', sendsSms: true, settings: ['PROVIDER_NAME'] },
  // The tenth wrong code of a day locks the phone: its employee is told by SMS (lock-sign-in.ts).
  'cardholders/start-session': { table: 'readWrite', sendsSms: true, settings: ['PROVIDER_NAME'] },
  'cardholders/block-own-card': { table: 'readWrite', cardIssuer: true },
  'cardholders/unblock-own-card': { table: 'readWrite', cardIssuer: true },
  'cardholders/end-session': { table: 'readWrite' },
  // A transfer writes the accounts, ledger lines, audit record and its idempotency item; files keep their bytes in
  // the documents bucket (their own prefix) and large ones go to the funding queue.
  'funding/fund-employee': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'funding/upload-funding-file': { table: 'readWrite', documents: 'write' },
  'funding/apply-funding-file': { table: 'readWrite', documents: 'read', sendTo: ['funding'], settings: ['PORTAL_URL'] },
  // A retry moves a failed file back to queued and hands it to the worker again; a retried scheduled run sets its
  // money aside again (an update of the main account) in the same transaction, as much as its file's rows not yet
  // paid come to (their bytes read again from the documents bucket).
  'funding/retry-funding-file': { table: 'readWrite', documents: 'read', sendTo: ['funding'], settings: ['PORTAL_URL'] },
  // Scheduled fundings: a rule and its audit record; a run started by hand writes its file's bytes (deleting them when an
  // overlapping start won), its run, file, hold and audit record, and queues the file.
  // The owners' low-balance alert and its audit record; a threshold above the balance e-mails them at once.
  'money/set-low-balance-alert': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'funding/create-funding-schedule': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'funding/update-funding-schedule': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'funding/set-funding-schedule-state': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'funding/delete-funding-schedule': { table: 'readWrite' },
  'funding/start-funding-schedule-run': { table: 'readWrite', documents: 'readWrite', sendTo: ['funding'], settings: ['PORTAL_URL'] },
  // A top-up writes the transfer, the main account, its ledger lines and audit record in one transaction. Every write
  // that changes the main account's available amount checks the owners' low-balance alert, which may e-mail them.
  'top-ups/record-bank-transfer': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'top-ups/import-bank-statement': { table: 'readWrite', settings: ['PORTAL_URL'] },
  'top-ups/assign-bank-transfer': { table: 'readWrite', settings: ['PORTAL_URL'] },
  // A CSV download writes its job item and queues it; availability reads it; the file is a presigned GET.
  'transactions/request-transactions-export': { table: 'readWrite', sendTo: ['exports'] },
  'activity/request-activity-export': { table: 'readWrite', sendTo: ['exports'] },
  'exports/get-export-file': { exports: 'read' },
  // A report request writes its item and queues it; delete selected removes items and their files.
  'reports/generate-report': { table: 'readWrite', sendTo: ['reports'] },
  'reports/get-report-file': { reports: 'read' },
  'reports/delete-reports': { table: 'readWrite', reports: 'readWrite' },
  // Invoices (issue 34): the lists read the table; a download is a presigned GET of the PDF. A credit note writes itself,
  // the series' counter, the invoice's credited amount, its audit record and the outbox item that queues its PDF.
  'invoices/get-invoice-file': { invoices: 'read' },
  'invoices/get-admin-invoice-file': { invoices: 'read' },
  'invoices/issue-credit-note': { table: 'readWrite' },
  // Support chats: a chat, its message, both sides' counters, the unseen-reply notice and the attachments' claims in
  // one transaction; an attachment's bytes are uploaded by presigned POST to staging, and checked there when a message
  // names them: a refused file is deleted, an accepted one copied to its kept key (that copy deleted again when another
  // file of the message is refused) and the staged one deleted.
  'messaging/create-chat': { table: 'readWrite', documents: 'readWrite', uploads: 'readWrite' },
  'messaging/post-message': { table: 'readWrite', documents: 'readWrite', uploads: 'readWrite' },
  'messaging/post-inbox-message': { table: 'readWrite', documents: 'readWrite', uploads: 'readWrite', settings: ['PROVIDER_NAME'] },
  'messaging/mark-chat-read': { table: 'readWrite' },
  'messaging/mark-inbox-chat-read': { table: 'readWrite' },
  'messaging/set-inbox-chat-status': { table: 'readWrite' },
  'messaging/create-attachment-upload': { table: 'readWrite', uploads: 'write' },
  'messaging/create-inbox-attachment-upload': { table: 'readWrite', uploads: 'write', settings: ['PROVIDER_NAME'] },
  'messaging/get-attachment-link': { documents: 'read' },
  'messaging/get-inbox-attachment-link': { documents: 'read' },
  // Creating or rotating seals the new secret (a rotation also seals one it carries over from before issue 30).
  'webhooks/create-webhook-endpoint': { table: 'readWrite', webhookSecrets: 'seal', settings: ['WEBHOOKS_ALLOW_LOOPBACK'] },
  'webhooks/update-webhook-endpoint': { table: 'readWrite' },
  'webhooks/delete-webhook-endpoint': { table: 'readWrite' },
  'webhooks/rotate-webhook-secret': { table: 'readWrite', webhookSecrets: 'seal' },
  // Only queues the delivery (the worker opens the secrets and signs it), with its audit record.
  'webhooks/redeliver-webhook': { table: 'readWrite', sendTo: [webhooksQueue] },
  // The test event goes through the outbox with its audit record, as every event: the table only.
  'webhooks/send-test-event': { table: 'readWrite' },
  // A key and its audit record in one transaction; revoking updates the key and writes its audit record.
  'integrations/create-api-key': { table: 'readWrite' },
  'integrations/revoke-api-key': { table: 'readWrite' },
  // The document names the API's servers: the portal's own origin.
  'integrations/get-openapi': { settings: ['PORTAL_URL'] },
};

/** Functions no route calls (queue workers, scheduled jobs), with what each may touch, in the same terms. */
export const backgroundNeeds: Record<BackgroundHandler, Partial<RouteNeeds>> = {
  // The sandbox's side of a delivery: its card item goes from ordered to delivered.
  'issuer/send-issuer-events': { table: 'update', issuerWebhook: 'sign' },
  // Reads the open authorizations past their expiry (gsi2) and releases each with its transaction and audit record.
  'authorizations/release-expired-authorizations': { table: 'readWrite' },
  // Reads the active companies and their employees; writes each fee with its ledger lines once per month.
  // A company whose fees took its main account below the owners' threshold: one e-mail per crossing.
  // Then asks the invoices worker for each company's invoice of the month before.
  'fees/charge-monthly-fees': { table: 'readWrite', sendTo: ['invoices'], settings: ['PORTAL_URL'] },
  // Reads the month's charges, the company, its onboarding and members; writes each invoice with the series' counter,
  // the month's claim and the audit record; stores the PDF (never reading or deleting one) and marks it stored with the
  // e-mails to the owners and accountants (an outbox item).
  'invoices/issue-invoices': {
    table: 'readWrite',
    invoices: 'write',
    settings: ['PORTAL_URL', 'INVOICE_SELLER', 'INVOICE_VAT_RATE_BASIS_POINTS', 'INVOICE_VAT_EXEMPTION'],
    retriesSooner: true,
  },
  // Applies funding files chunk by chunk: accounts, ledger, row items, progress; reads the file's bytes.
  // It also starts the scheduled runs that are due (a message per run on its own queue) and writes each run's file;
  // a run the balance does not cover is refused and the owners e-mailed.
  'funding/work-funding-files': { table: 'readWrite', documents: 'readWrite', sendTo: ['funding'], settings: ['PORTAL_URL'], retriesSooner: true },
  // Creates an import's employees chunk by chunk (employee, card owner, phone claim, audit record, outbox event, row
  // item, progress), reads the file's bytes again, and orders the cards from the issuer in batches (the sandbox's card
  // items and its delivery messages); closes at the issuer a card whose row was refused after it was ordered.
  'employees/work-employee-imports': { table: 'readWrite', documents: 'read', sendTo: [issuerSandboxQueue], cardIssuer: true, retriesSooner: true },
  // Reads the file's rows (transactions, activity), streams the file to the reports bucket, marks the job and may
  // e-mail the requester (an outbox item put in the marking's transaction: functions/platform/outbox.ts).
  'exports/write-export-files': { table: 'readWrite', exports: 'write', settings: ['PORTAL_URL'], retriesSooner: true },
  // Reads the report's data, streams its file to the reports bucket, marks the report and e-mails the requester and
  // tells the company's systems (outbox items put with the marking); it deletes the file again when the report was
  // deleted meanwhile.
  'reports/build-report': { table: 'readWrite', reports: 'readWrite', settings: ['PORTAL_URL'], retriesSooner: true },
  // Reads the due notices, their chats and the company's members; marks the chat mailed and deletes the notice, with
  // the e-mails as an outbox item of the same transaction.
  'messaging/send-unseen-reply-notices': { table: 'readWrite', settings: ['PORTAL_URL', 'PROVIDER_NAME', 'SUPPORT_EMAIL', 'MAIL_FROM'] },
  // Reads the running funding files, employee imports, exports and reports past their deadline (gsi2) and marks each failed; a funding
  // file's end puts its webhook event (an outbox item) in the same transaction.
  'exports/fail-overdue-work': { table: 'readWrite', settings: ['PORTAL_URL'] },
  // The requests due (gsi2), each expired with its audit record, event and the asker's e-mail.
  'approvals/expire-approvals': { table: 'readWrite', settings: ['PORTAL_URL'] },
  // Writes deliveries, records each attempt, queues delayed retries, and e-mails the owners of an endpoint it disables;
  // opens the endpoint's secrets to sign each post.
  'webhooks/deliver-webhooks': { table: 'readWrite', sendTo: [webhooksQueue], webhookSecrets: 'open', settings: ['PORTAL_URL', 'WEBHOOKS_ALLOW_LOOPBACK'], retriesSooner: true },
  // Reads the due deliveries (gsi2) and queues them.
  'webhooks/dispatch-due-webhooks': { table: 'read', sendTo: [webhooksQueue] },
  // Reads the table's stream (its event source mapping's grant) and queues what each outbox item holds.
  'platform/relay-outbox': { table: 'none', sendTo: [webhooksQueue, mailQueue, 'invoices'] },
  // The one function that talks to SES: it sends what the others queued, from MAIL_FROM.
  // Records each outbox e-mail it sent (a put), and looks the record up first, so a relayed-again one goes once.
  'mail/send-emails': { table: 'readWrite', sendsEmail: true, retriesSooner: true },
  // Scans for the endpoints (no key leads to all of them), reads one again after a lost race, and rewrites it sealed.
  'webhooks/seal-webhook-secrets': { table: 'update', tableScan: true, webhookSecrets: 'seal' },
  // Scans for the card legs without their statement key (none leads to all of them) and sets it, once each.
  'funding/index-card-statements': { table: 'update', tableScan: true },
  // Reads the active companies and each one's audit records; writes new digests and reads the written ones; keeps
  // where it got to in one item per company (an update: no put or delete on the table whose records it vouches for).
  'activity/digest-audit-trail': { table: 'update', auditDigests: 'write' },
};

/** The handlers of the routes the Cognito authorizer does not guard (public, and a cardholder's session). */
type UncheckedRouteHandler = Extract<(typeof routes)[number], { access: { kind: 'public' | 'cardholder' } }>['handler'];

/**
 * Why each route without the Cognito authorizer has none, and what guards it instead: the route's own
 * AwsSolutions-APIG4 acknowledgement. Typed by the manifest, so a new public route does not deploy without one.
 */
export const routesWithoutCognito: Record<UncheckedRouteHandler, string> = {
  'auth/sign-up':
    'Sign-up is how a company account comes to exist, so its caller has no account yet. Cognito checks the address by a code; the route has its own low stage throttle (it sends an e-mail), and the stage throttle bounds the rest.',
  'auth/confirm-email':
    'The caller confirms the address of an account that cannot sign in yet. Cognito checks the code (short-lived, attempts limited by Cognito) against the account.',
  'auth/resend-confirmation':
    'The caller has an account that cannot sign in until its address is confirmed. The answer is the same for any address (no account enumeration); the route has its own low stage throttle, as it sends an e-mail.',
  'auth/request-password-reset':
    'The caller has forgotten the password, so has no token. The answer is the same for any address; Cognito limits codes per account, and the route has its own low stage throttle, as it sends an e-mail.',
  'auth/reset-password':
    'The caller proves the account by the code Cognito e-mailed (short-lived, attempts limited by Cognito); the new password meets the pool policy and history.',
  'cardholders/request-sign-in-code':
    "An employee's /card sign-in starts here, by phone number, before any session exists. One code per phone per resend interval (429 otherwise), the same answer for unknown phones, and its own low stage throttle, as it sends a text message.",
  'cardholders/start-session':
    "The employee trades the texted code for a /card session; the function checks the code, which expires and allows a few attempts only, and the phone's wrong codes across codes lock it for a day. Employees have no Cognito account.",
  'cardholders/get-card':
    "The employee's /card session (an opaque bearer token issued by the SMS sign-in, stored hashed with an expiry) is checked by the function; employees have no Cognito account.",
  'cardholders/list-card-history':
    "The employee's /card session (an opaque bearer token issued by the SMS sign-in, stored hashed with an expiry) is checked by the function, which reads that employee's own transactions and card account only.",
  'cardholders/block-own-card':
    "The employee's /card session (an opaque bearer token issued by the SMS sign-in, stored hashed with an expiry) is checked by the function, which acts on that employee's card only.",
  'cardholders/unblock-own-card':
    "The employee's /card session (an opaque bearer token issued by the SMS sign-in, stored hashed with an expiry) is checked by the function, which acts on that employee's card only.",
  'cardholders/end-session':
    "The employee's /card session token is checked by the function, which ends that session only.",
  'employees/receive-issuer-event':
    "The card issuer's webhook: the issuer is a server, not a Cognito user. Every event carries an HMAC-SHA256 signature over its timestamp and body with the shared secret, checked by the function (old timestamps refused, event ids recorded once).",
  'authorizations/authorize-payment':
    "The card issuer's payment authorization request, from the issuer's servers: signed with HMAC-SHA256 over timestamp and body by the shared secret, checked by the function before any money moves.",
  'integrations/get-openapi':
    'The public API\'s OpenAPI document: what the API is, which is no secret and holds no company data (integrators read it before they have a key).',
  'authorizations/receive-authorization-event':
    "The card issuer's settlement or reversal of an authorization, from the issuer's servers: signed with HMAC-SHA256 over timestamp and body by the shared secret, checked by the function.",
};

/**
 * Public routes an abuser would call again and again, with a stage throttle of their own; every other route keeps the
 * stage's default. Three kinds (issue 30 added the last two):
 * - those that make AWS send an e-mail (Cognito, through SES) or a text message (SNS): each message costs money (texts
 *   especially: "SMS pumping" asks for codes to premium numbers) and draws on account-wide quotas every message of the
 *   portal shares (SES's sending rate, SNS's monthly SMS spend limit);
 * - sign-up, the one public route that must tell whether an e-mail, phone or company has an account already (every
 *   other answers alike: docs/decisions.md "No account enumeration");
 * - the routes that take a code someone could guess (the e-mailed confirmation and reset codes, the /card SMS code,
 *   each limited in tries per account or phone as well).
 * The limits are far above the portal's real use (a few sign-ups or sign-ins a minute) and far below what drains a
 * quota or walks a list of addresses in minutes. An HTTP API throttles a route for all callers together, not per
 * client: a flood gets 429s for everyone on that route until it stops, which is the price of the cap; limits per
 * address are the WAF's (optional, in the deploy configuration: `guardedRequestsPerIp` counts exactly these routes)
 * or the function's (one code per phone per resend interval, wrong codes per phone).
 */
export const guardedRouteThrottles: Partial<Record<HandlerName, { readonly rateLimit: number; readonly burstLimit: number }>> = {
  'auth/sign-up': { rateLimit: 2, burstLimit: 10 },
  'auth/resend-confirmation': { rateLimit: 2, burstLimit: 10 },
  'auth/request-password-reset': { rateLimit: 2, burstLimit: 10 },
  'cardholders/request-sign-in-code': { rateLimit: 1, burstLimit: 5 },
  // Signed in already, but a text message each time: the same limit as the cardholders' code.
  'auth/request-phone-code': { rateLimit: 1, burstLimit: 5 },
  'auth/confirm-email': { rateLimit: 2, burstLimit: 10 },
  'auth/reset-password': { rateLimit: 2, burstLimit: 10 },
  'cardholders/start-session': { rateLimit: 2, burstLimit: 10 },
};

export function needsOf(route: Pick<RouteDefinition, 'handler'>): RouteNeeds {
  const declared = (routeNeeds as Partial<Record<string, Partial<RouteNeeds>>>)[route.handler] ?? (backgroundNeeds as Partial<Record<string, Partial<RouteNeeds>>>)[route.handler];
  return {
    table: 'read',
    documents: 'none',
    uploads: 'none',
    reports: 'none',
    exports: 'none',
    invoices: 'none',
    sendTo: [],
    cognitoAdmin: [],
    sendsEmail: false,
    sendsSms: false,
    issuerWebhook: 'none',
    webhookSecrets: 'none',
    tableScan: false,
    auditDigests: 'none',
    cardIssuer: false,
    retriesSooner: false,
    settings: [],
    ...declared,
  };
}

/** A scheduled job's rule expression. */
function scheduleOf(schedule: JobSchedule): events.Schedule {
  return 'cron' in schedule ? events.Schedule.cron({ ...schedule.cron, month: '*', year: '*' }) : events.Schedule.rate(Duration.minutes(schedule.rateMinutes));
}

/** Transactions need no actions of their own: DynamoDB checks the actions of the items they touch. */
const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const tableUpdateActions = ['dynamodb:UpdateItem'];
const tableWriteActions = [...tableUpdateActions, 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const tableActions = {
  read: tableReadActions,
  update: [...tableReadActions, ...tableUpdateActions],
  readWrite: [...tableReadActions, ...tableWriteActions],
} as const;

export interface StatelessStackProps extends StackProps {
  readonly table: dynamodb.ITable;
  readonly documentsBucket: s3.IBucket;
  readonly reportsBucket: s3.IBucket;
  readonly webBucket: s3.IBucket;
  readonly accessLogsBucket: s3.IBucket;
  readonly auditDigestsBucket: s3.IBucket;
  readonly queues: PortalQueues<{ queue: sqs.IQueue }>;
  /**
   * The card issuer the functions talk to: the sandbox (with its queue, worker and signing right) or none yet, when
   * ordering or changing a card answers CARD_ISSUER_NOT_CONFIGURED (functions/issuer/issuer-in-use.ts).
   */
  readonly cardIssuer: 'sandbox' | 'none';
  readonly issuerWebhookSecret: secretsmanager.ISecret;
  /** CloudFront sends its value with every API request; the API's functions refuse a request without it. */
  readonly originVerifySecret: secretsmanager.ISecret;
  /** Seals webhook signing secrets (StatefulStack.webhookSecretsKey). */
  readonly webhookSecretsKey: kms.IKey;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** See StatefulStackProps.portalUrl; here it only overrides the distribution's own URL (a custom domain). */
  readonly portalUrl?: string;
  readonly providerName: string;
  readonly mailFrom: string;
  /** Receives the provider-side notices of company messages left unread in support chats. */
  readonly supportEmail: string;
  /** Who invoices, at what VAT rate, and why no VAT where none is charged (the deploy configuration's `invoicing`). */
  readonly invoicing: DeployConfig['invoicing'];
  /** CloudFront serves the portal at this domain with this certificate (the portal URL is then https://<domain>). */
  readonly customDomain?: DeployConfig['customDomain'];
  /** The web ACL (made in us-east-1 by the edge WAF stack) that CloudFront puts in front of everything, when configured. */
  readonly webAclArn?: string;
  /** The stateful stack's alarms topic: every alarm of this stack notifies it. */
  readonly alarmTopic: sns.ITopic;
}

/** The code: the HTTP API with one function per manifest route, and CloudFront in front of the SPA and the API. */
export class StatelessStack extends Stack {
  readonly api: apigw.HttpApi;
  readonly distribution: cloudfront.Distribution;
  readonly functions: ReadonlyMap<string, PortalFunction>;
  private readonly webBucket: s3.IBucket;
  /** Each setting's value in this deployment, for the functions that read it. */
  private readonly settingValues: Readonly<Partial<Record<PortalVariableName, string>>>;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);

    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Bonus card portal API; browsers reach it through CloudFront under /api',
      // The stage is created below, with access logging, which the default stage cannot have.
      createDefaultStage: false,
    });
    const apiAccessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logs.RetentionDays.ONE_YEAR });
    const stage = new apigw.HttpStage(this, 'ApiStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new apigw.LogGroupLogDestination(apiAccessLogs) },
      throttle: { rateLimit: 100, burstLimit: 200 },
    });
    this.alarmOnServerErrors(stage, props.alarmTopic);

    // Imported by name: handing the stateful stack's bucket itself to the origin or the deployment would make their
    // bucket policy statements land in that stack and point back here. The stateful stack grants CloudFront's read.
    this.webBucket = s3.Bucket.fromBucketAttributes(this, 'WebBucketRef', {
      bucketName: props.webBucket.bucketName,
      bucketRegionalDomainName: props.webBucket.bucketRegionalDomainName,
    });
    // Created before the functions, whose PORTAL_URL is the distribution's URL. The distribution refers only to the
    // API itself (its id), not to its routes, so functions and routes can depend on it without a cycle.
    this.distribution = this.createDistribution(props);
    const portalUrl = props.portalUrl ?? `https://${this.distribution.distributionDomainName}`;


    // Made here, once, rather than by the first route that binds it: the routes live in nested stacks (below).
    const jwtAuthorizer = new apigw.HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.api,
      authorizerName: 'CognitoJwt',
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://${props.userPool.userPoolProviderName}`,
      // Cognito access tokens carry the app client id in client_id, which the authorizer checks when aud is absent.
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    const authorizer: apigw.IHttpRouteAuthorizer = {
      bind: () => ({ authorizerId: jwtAuthorizer.authorizerId, authorizationType: apigw.HttpAuthorizerType.JWT }),
    };

    // Each function is given of these only what its needs name (grant, below), which is what its code reads
    // (infra/wiring/function-environment.ts checks the templates against the bundles).
    this.settingValues = {
      TABLE_NAME: props.table.tableName,
      DOCUMENTS_BUCKET: props.documentsBucket.bucketName,
      REPORTS_BUCKET: props.reportsBucket.bucketName,
      AUDIT_DIGESTS_BUCKET: props.auditDigestsBucket.bucketName,
      // A queue this deployment does not have (the sandbox's, when it is off) has no URL either.
      ...Object.fromEntries(queueDefinitions.flatMap(({ role, envVar }) => {
        const made = props.queues[role];
        return made ? [[envVar satisfies PortalVariableName, made.queue.queueUrl]] : [];
      })),
      ISSUER_SANDBOX_DELIVERY_SECONDS: String(cloudSandboxDeliverySeconds),
      QUEUE_RETRY_BASE_SECONDS: String(cloudQueueRetryBaseSeconds),
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      PORTAL_URL: portalUrl,
      PROVIDER_NAME: props.providerName,
      MAIL_FROM: props.mailFrom,
      SUPPORT_EMAIL: props.supportEmail,
      INVOICE_SELLER: JSON.stringify(props.invoicing.seller),
      INVOICE_VAT_RATE_BASIS_POINTS: String(vatRateBasisPointsOf(props.invoicing.vatRatePercent)),
      // Empty where VAT is charged: the reader then has no exemption, and every invoice function gets the same settings.
      INVOICE_VAT_EXEMPTION: props.invoicing.vatExemption ? JSON.stringify(props.invoicing.vatExemption) : '',
      CARD_ISSUER: props.cardIssuer,
      // Stated: a deployment's webhooks never reach loopback, private or link-local addresses (the local cloud's may).
      WEBHOOKS_ALLOW_LOOPBACK: 'false',
      // Read by the SDK at cold start (functions/issuer/issuer-signature.ts), so the key never sits in the function's
      // configuration, where a dynamic reference would resolve it for anyone allowed lambda:GetFunctionConfiguration.
      ISSUER_WEBHOOK_SECRET_ARN: props.issuerWebhookSecret.secretArn,
      // Through CloudFront, as the real issuer posts: the API's own address refuses requests that skipped it.
      ISSUER_WEBHOOK_URL: `${portalUrl}${apiPathPrefix}${issuerRoutes.receiveIssuerEvent.path}`,
      WEBHOOK_SECRETS_KEY_ARN: props.webhookSecretsKey.keyArn,
      ORIGIN_VERIFY: props.originVerifySecret.secretValue.unsafeUnwrap(),
    };

    const functions = new Map<string, PortalFunction>();
    const throttledRoutes: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routes as readonly RouteDefinition[]) {
      const id = constructIdOf(route.handler);
      const scope = this.functionScope(route.handler);
      let portalFunction = functions.get(route.handler);
      if (!portalFunction) {
        portalFunction = new PortalFunction(scope, id, {
          handler: route.handler,
          memorySize: apiFunctionSettings.memoryMb,
          timeout: Duration.seconds(apiFunctionSettings.timeoutSeconds),
          alarmTopic: props.alarmTopic,
        });
        // Only the routes' functions check it: the queue workers and jobs take no requests.
        this.give(portalFunction, ['ORIGIN_VERIFY']);
        functions.set(route.handler, portalFunction);
      }
      // Per route, not per function: a handler serving a GET and a POST needs what both need. A public API route also
      // counts its key's requests (an update of the key's items, functions/platform/api-key-callers.ts).
      const needs = needsOf(route);
      const apiScope = publicApiScopeOf(route);
      this.grant(portalFunction, apiScope && needs.table === 'read' ? { ...needs, table: 'update' } : needs, props);
      const isPublic = !checksCognitoToken(route.access);
      const httpRoute = new apigw.HttpRoute(scope, `${id}${route.method}Route`, {
        httpApi: this.api,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}${route.method}Integration`, portalFunction.function),
        ...(isPublic ? {} : { authorizer }),
      });
      if (isPublic) {
        const why = (routesWithoutCognito as Partial<Record<string, string>>)[route.handler];
        if (!why) throw new Error(`${route.method} ${route.path} has no Cognito authorizer: say why in routesWithoutCognito`);
        Validations.of(httpRoute.node.defaultChild as IConstruct).acknowledge({ id: 'AwsSolutions-APIG4', reason: `${route.method} ${route.path}: ${why}` });
      }
      if (apiScope) {
        // The same function at the public API's path, for a company's systems: no Cognito authorizer, the function
        // checks the API key (shared/api/public-api.ts).
        const apiRoute = new apigw.HttpRoute(scope, `${id}${route.method}PublicApiRoute`, {
          httpApi: this.api,
          routeKey: apigw.HttpRouteKey.with(publicApiPath(route), apigw.HttpMethod[route.method]),
          integration: new HttpLambdaIntegration(`${id}${route.method}PublicApiIntegration`, portalFunction.function),
        });
        Validations.of(apiRoute.node.defaultChild as IConstruct).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            `${route.method} ${publicApiPath(route)}: the public API, called by a company's own systems with an API key, which the ` +
            `function checks (the secret's SHA-256 against the stored hash, not revoked, scope ${apiScope}, ${apiKeyRequestsPerMinute} requests a minute); API Gateway's authorizer knows only Cognito tokens.`,
        });
      }
      const throttle = guardedRouteThrottles[route.handler as HandlerName];
      if (throttle) {
        throttledRoutes[`${route.method} ${route.path}`] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        // The stage's settings name the route, which must exist first (API Gateway refuses a setting for a missing route).
        stage.node.addDependency(httpRoute);
      }
    }
    (stage.node.defaultChild as apigw.CfnStage).routeSettings = throttledRoutes;

    for (const worker of queueWorkers) {
      const queue = props.queues[worker.queue];
      // A queue this deployment does not have (the sandbox's, when it is off) has no worker either.
      if (!queue) continue;
      const portalFunction = new PortalFunction(this.functionScope(worker.handler), constructIdOf(worker.handler), {
        handler: worker.handler,
        memorySize: worker.memoryMb,
        timeout: Duration.seconds(worker.timeoutSeconds),
        alarmTopic: props.alarmTopic,
      });
      const needs = needsOf(worker);
      this.grant(portalFunction, needs, props);
      // A failed record comes back on its own queue after this many seconds times its receive count
      // (functions/platform/queue-worker.ts); the event source's grant lets the worker change its visibility.
      const ownQueue = queueDefinitions.find((definition) => definition.role === worker.queue);
      if (needs.retriesSooner && ownQueue) this.give(portalFunction, ['QUEUE_RETRY_BASE_SECONDS', ownQueue.envVar]);
      // Partial batch responses: a record the worker reports failed is retried (then dead-lettered) alone.
      portalFunction.function.addEventSource(new SqsEventSource(queue.queue, { batchSize: worker.batchSize, maxConcurrency: worker.maxConcurrency, reportBatchItemFailures: true }));
      functions.set(worker.handler, portalFunction);
    }

    // A job's function: its own memory and timeout, and the grants and settings its needs name.
    const jobFunctionOf = (job: { handler: HandlerName | BackgroundHandler; memoryMb: number; timeoutSeconds: number }) => {
      const jobFunction = new PortalFunction(this.functionScope(job.handler), constructIdOf(job.handler), {
        handler: job.handler,
        memorySize: job.memoryMb,
        timeout: Duration.seconds(job.timeoutSeconds),
        alarmTopic: props.alarmTopic,
      });
      this.grant(jobFunction, needsOf(job), props);
      functions.set(job.handler, jobFunction);
      return jobFunction;
    };
    for (const job of scheduledJobs) {
      const jobFunction = jobFunctionOf(job);
      const deadLetters = this.scheduleDeadLetters(job, props.alarmTopic);
      // A run that fails inside (after Lambda's own 2 retries of an asynchronous invocation) lands there too: the
      // failures alarm goes quiet after 5 minutes, a dead letter stays until someone looks at it.
      jobFunction.function.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(deadLetters) });
      new events.Rule(this.functionScope(job.handler), job.ruleId, {
        description: job.description,
        schedule: scheduleOf(job.schedule),
        targets: [new eventTargets.LambdaFunction(jobFunction.function, { retryAttempts: job.retryAttempts, maxEventAge: Duration.seconds(job.maxEventAgeSeconds), deadLetterQueue: deadLetters })],
      });
    }
    for (const job of deployJobs) {
      const jobFunction = jobFunctionOf(job);
      // Served by the job's own function (functions/platform/deploy-job.ts), not by a provider function of the library's
      // (whose role would have the AWS-managed basic execution policy). Its properties never change, so CloudFormation
      // starts it once, when it is created: what it migrates is never written again by the code it follows.
      const run = new CustomResource(this.functionScope(job.handler), `${constructIdOf(job.handler)}Run`, {
        serviceToken: jobFunction.function.functionArn,
        resourceType: 'Custom::DeployJob',
        properties: { Job: job.handler },
      });
      for (const handler of job.after) {
        const after = functions.get(handler);
        if (!after) throw new Error(`deploy job ${job.handler} runs after ${handler}, which is no function of this stack`);
        run.node.addDependency(after.function);
      }
    }
    this.relayOutbox(jobFunctionOf(outboxRelay), props);
    this.functions = functions;
    this.alarmOnOverdueWork(props.alarmTopic);
    this.alarmOnAnyCount(
      'AuditTrailMismatchAlarm',
      auditTrailMismatchMetric,
      'The audit digest job found a company\'s audit records no longer matching their daily digests (a record changed, ' +
        'added or removed after its day was digested, or a digest missing or out of chain). Its log group names the ' +
        'company and the first findings; `npm run audit:verify -- --company <id> --table <table> --bucket <bucket>` lists them all.',
      props.alarmTopic,
    );
    this.startDueFundingRuns(props.queues[dueFundingRunsSchedule.queue].queue, props.alarmTopic);

    this.deployWebApp(props);

    new CfnOutput(this, 'PortalUrl', { value: portalUrl });
    // Where a custom domain's DNS record points (CNAME, or an alias record in Route 53).
    new CfnOutput(this, 'DistributionDomain', { value: this.distribution.distributionDomainName });
    // The API as callers reach it: its own execute-api address refuses requests that skip CloudFront.
    new CfnOutput(this, 'ApiUrl', { value: `${portalUrl}${apiPathPrefix}` });
    new CfnOutput(this, 'UserPoolId', { value: props.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: props.userPoolClient.userPoolClientId });
  }

  /**
   * The outbox relay (functions/platform/relay-outbox.ts) reads the table's stream, filtered to the inserts of outbox
   * items (which it sends on) and audit records (which it logs), so it is not invoked for the rest of the table's writes. A batch that fails is halved and retried, records before the one
   * the relay reports failed stay done; a record still failing after the retries (or older than the stream keeps) is
   * given up to a queue of its own, as a pointer to its shard and sequence numbers (its outbox item stays in the
   * table for outboxKeptSeconds, to be relayed by hand), and that queue alarms.
   */
  private relayOutbox(relay: PortalFunction, props: StatelessStackProps): void {
    const scope = this.functionScope(outboxRelay.handler);
    const givenUp = new sqs.Queue(scope, 'OutboxRelayGivenUp', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(deadLetterRetentionDays),
    });
    Validations.of(givenUp.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the on-failure destination of the outbox relay\'s stream event source (cdk-nag recognizes only queues named in another queue\'s redrive policy).',
    });
    alarmOnDeadLetters(
      scope,
      'OutboxRelayGivenUpAlarm',
      givenUp,
      'The outbox relay gave up a table stream record: a webhook event or e-mail that a committed change wrote was not queued. ' +
        'The message names the shard and sequence numbers; the outbox item (entity outboxItem) is still in the table, and the relay\'s log group says why.',
    ).addAlarmAction(new cloudwatchActions.SnsAction(props.alarmTopic));
    relay.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: outboxRelay.batchSize,
        bisectBatchOnError: true,
        retryAttempts: outboxRelay.retryAttempts,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(givenUp),
        filters: [entities.outboxItem, entities.auditRecord].map((entity) =>
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(entity) } } },
          }),
        ),
      }),
    );
    const policy = relay.role.node.tryFindChild('DefaultPolicy');
    if (!(policy instanceof iam.Policy)) throw new Error('the outbox relay\'s role has no default policy');
    acknowledgeWildcards(policy, () => [
      { finding: 'Resource::*', reason: 'dynamodb:ListStreams, which the stream event source grants, has no resource of its own (IAM allows only "*"); the stream read actions name the table\'s stream.' },
    ]);
  }

  /**
   * Scheduled fundings (issue 21): at five past every hour of Riga's day, EventBridge Scheduler puts one message on the
   * funding queue, and its worker starts the runs due by then (functions/funding/funding-schedules.ts startDueRuns).
   * Hourly, so a rule made for today still runs today and an hour lost to an outage is made up by the next one. What
   * Scheduler cannot deliver after its retries goes to a dead-letter queue of its own, which alarms.
   */
  private startDueFundingRuns(fundingQueue: sqs.IQueue, alarmTopic: sns.ITopic): void {
    const scope = this.functionScope('funding/work-funding-files');
    const role = new iam.Role(scope, 'DueFundingRunsSchedulerRole', {
      description: 'EventBridge Scheduler puts the hourly start of due scheduled fundings on the funding queue.',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }),
    });
    fundingQueue.grantSendMessages(role);
    const deadLetters = new sqs.Queue(scope, 'DueFundingRunsDeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(deadLetterRetentionDays),
    });
    deadLetters.grantSendMessages(role);
    Validations.of(deadLetters.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the DueFundingRuns schedule\'s target (cdk-nag recognizes only queues named in another queue\'s redrive policy).',
    });
    alarmOnDeadLetters(
      scope,
      'DueFundingRunsDeadLettersAlarm',
      deadLetters,
      'EventBridge Scheduler could not put the hourly start of due scheduled fundings on the funding queue. The next hour starts what was due; ' +
        'if it keeps failing, no scheduled funding runs: check the schedule\'s role and the funding queue.',
    ).addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
    new scheduler.CfnSchedule(scope, 'DueFundingRunsSchedule', {
      description: 'Starts the scheduled fundings due today (hourly, Riga time).',
      scheduleExpression: dueFundingRunsSchedule.expression,
      scheduleExpressionTimezone: dueFundingRunsSchedule.timezone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: fundingQueue.queueArn,
        roleArn: role.roleArn,
        input: JSON.stringify({ kind: dueFundingRunsSchedule.messageKind, at: '<aws.scheduler.scheduled-time>' }),
        retryPolicy: { maximumRetryAttempts: 10, maximumEventAgeInSeconds: 60 * 60 },
        deadLetterConfig: { arn: deadLetters.queueArn },
      },
    });
  }

  /**
   * Fires when the deadline job failed a funding file, employee import, export or report still running past its deadline: a worker
   * died on its last receipt or a message was lost (functions/exports/fail-overdue-work.ts writes the count as an
   * embedded metric in its log line). The user sees it failed; the alarm says the cause is worth a look. A second
   * alarm fires on work that could not be ended cleanly (workNotEndedCleanlyMetric), which needs an operator.
   */
  private alarmOnOverdueWork(alarmTopic: sns.ITopic): void {
    this.alarmOnAnyCount(
      'OverdueWorkAlarm',
      overdueWorkMetric,
      'A funding file, employee import, export or report was still running past its deadline and was marked failed. The log group of ' +
        'functions/exports/fail-overdue-work names it; its worker\'s log group shows why it stopped.',
      alarmTopic,
    );
    this.alarmOnAnyCount(
      'WorkNotEndedCleanlyAlarm',
      workNotEndedCleanlyMetric,
      'Work could not be ended as it should. Either the deadline job could not mark an overdue funding file, employee ' +
        'import, export or report failed (functions/exports/fail-overdue-work logs which; it tries again every 5 minutes), or a ' +
        'scheduled funding run ended while its company\'s main account held less than the run had set aside (the ' +
        'funding worker logs "funding run ended short of its hold" with the file and the amount short; the file ' +
        'records it as holdShortCents): reconcile that company\'s reservedCents against its running runs.',
      alarmTopic,
    );
  }

  /** An alarm on a count our functions write as an embedded metric: any in 5 minutes fires it; none is not a breach. */
  private alarmOnAnyCount(id: string, metric: { namespace: string; name: string }, description: string, alarmTopic: sns.ITopic): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: description,
      metric: new cloudwatch.Metric({ namespace: metric.namespace, metricName: metric.name, statistic: cloudwatch.Stats.SUM, period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
  }

  /**
   * The API's share of 5xx answers (a function's INTERNAL, a crash or timeout behind a 502/503/504) over 5-minute
   * periods: above 5% of at least 10 requests, in 2 of 3 periods. The floor keeps one unlucky request at night from
   * paging anyone (1 of 3 would be 33%), the 2 of 3 a single bad deploy minute; a failing route at ordinary traffic
   * alarms within 10 to 15 minutes, and each crashing function has its own alarm besides. 4xx (refusals, throttles)
   * are the callers' and do not count.
   */
  private alarmOnServerErrors(stage: apigw.HttpStage, alarmTopic: sns.ITopic): void {
    const period = Duration.minutes(5);
    const alarm = new cloudwatch.Alarm(this, 'ApiServerErrorsAlarm', {
      alarmDescription:
        'More than 5% of the API requests were answered 5xx in 2 of the last three 5-minute periods (with at least 10 ' +
        'requests in a period). The API access logs show the routes; the functions\' log groups show the errors.',
      metric: new cloudwatch.MathExpression({
        expression: 'IF(FILL(requests, 0) >= 10, 100 * FILL(serverErrors, 0) / FILL(requests, 1), 0)',
        label: 'Share of API requests answered 5xx (%)',
        usingMetrics: {
          requests: stage.metricCount({ period, statistic: cloudwatch.Stats.SUM }),
          serverErrors: stage.metricServerError({ period, statistic: cloudwatch.Stats.SUM }),
        },
        period,
      }),
      threshold: 5,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
  }

  /**
   * Where a scheduled job's events go when EventBridge cannot hand them to the function after its retries (the
   * function missing, its permission gone, Lambda refusing), and where the function's own failed runs go after
   * Lambda's retries. The message is only the schedule's event (its time): kept 14 days, like every dead letter,
   * for an operator to see which run was missed and run it again by hand.
   */
  private scheduleDeadLetters(job: (typeof scheduledJobs)[number], alarmTopic: sns.ITopic): sqs.Queue {
    const scope = this.functionScope(job.handler);
    const queue = new sqs.Queue(scope, `${job.ruleId}DeadLetters`, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(deadLetterRetentionDays),
    });
    Validations.of(queue.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter queue of the ${job.ruleId} schedule's target and of functions/${job.handler}'s asynchronous runs (cdk-nag recognizes only queues named in another queue's redrive policy).`,
    });
    const alarm = alarmOnDeadLetters(
      scope,
      `${job.ruleId}DeadLettersAlarm`,
      queue,
      `A run of functions/${job.handler} (${job.description.toLowerCase()}) was given up: EventBridge could not start it, or it failed after Lambda's retries. ` +
        'The message in the dead-letter queue is the missed run; its function\'s log group shows why.',
    );
    alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
    return queue;
  }

  /**
   * The nested stack that holds the functions of one feature (the handler's folder) with their roles, log groups,
   * routes and integrations: about seven resources a route would take one stack past CloudFormation's 500.
   */
  private functionScope(handler: string): NestedStack {
    const feature = handler.split('/')[0] ?? handler;
    const id = `${constructIdOf(feature)}Functions`;
    const existing = this.node.tryFindChild(id);
    if (existing instanceof NestedStack) return existing;
    return new NestedStack(this, id, { description: `Bonus card portal: the ${feature} functions` });
  }

  /** Sets each named setting on the function, with its value in this deployment. */
  private give(portalFunction: PortalFunction, names: readonly PortalVariableName[]): void {
    for (const name of names) {
      const value = this.settingValues[name];
      if (value === undefined) throw new Error(`functions/${portalFunction.handler} reads ${name}, which this deployment has no value for`);
      portalFunction.function.addEnvironment(name, value);
    }
  }

  /** Grants what the needs name, and gives the function the settings they imply and those they list. */
  private grant(portalFunction: PortalFunction, needs: RouteNeeds, props: StatelessStackProps): void {
    const settings: PortalVariableName[] = [...needs.settings];
    if (needs.table !== 'none') {
      settings.push('TABLE_NAME');
      const tableArn = props.table.tableArn;
      // Named statements instead of grantReadData/grantReadWriteData: those also allow Scan, and name the indexes by a
      // wildcard. The portal never scans (DESIGN section 7: read cost independent of the list size) but in a migration.
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: [...tableActions[needs.table], ...(needs.tableScan ? ['dynamodb:Scan'] : [])],
          resources: [tableArn],
        }),
      );
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: tableDefinition.globalSecondaryIndexes.map((index) => `${tableArn}/index/${index.indexName}`),
        }),
      );
    }
    // Named actions on the objects under the key prefix a handler uses, instead of grantRead/grantReadWrite, whose
    // action sets (s3:GetObject*, s3:List*, s3:DeleteObject*) reach far beyond reading, writing and deleting files.
    // Report and export files are streamed as multipart uploads, which their writer aborts when it fails (else the
    // parts stay until the bucket's rule aborts them); documents arrive through presigned POSTs, never in parts.
    const objectScopes: { bucket: s3.IBucket; access: RouteNeeds['documents']; prefix: string; multipart: boolean; why: string }[] = [
      { bucket: props.documentsBucket, access: needs.uploads, prefix: uploadsKeyPrefix, multipart: false, why: 'Staged uploads: each key below the prefix starts with its company id, and the handler reaches only its caller\'s company.' },
      { bucket: props.documentsBucket, access: needs.documents, prefix: documentsKeyPrefix, multipart: false, why: 'Company documents: each key starts with its company id, and the handler reaches only its caller\'s company (or, for a provider admin, the application under review).' },
      { bucket: props.reportsBucket, access: needs.reports, prefix: documentsKeyPrefix, multipart: true, why: 'Report files: each key starts with its company id, and the handler reaches only its caller\'s company.' },
      { bucket: props.reportsBucket, access: needs.exports, prefix: exportsKeyPrefix, multipart: true, why: 'Export files: each key below the prefix starts with its company id, and the handler reaches only its caller\'s company.' },
      { bucket: props.documentsBucket, access: needs.invoices, prefix: invoicesKeyPrefix, multipart: false, why: 'Invoice PDFs: each key below the prefix starts with its company id; the company\'s download reaches only its caller\'s company, the worker and the provider\'s console every company\'s.' },
    ];
    // Findings are texts of resolved ARNs (the buckets live in the other stack), so each is written once CDK resolved them.
    const acknowledged: ((flatten: (value: unknown) => string) => WildcardFinding)[] = [];
    for (const { bucket, access, prefix, multipart, why } of objectScopes) {
      if (access === 'none') continue;
      const writes = access === 'write' || access === 'readWrite';
      const actions = [
        ...{ read: ['s3:GetObject'], write: ['s3:PutObject'], readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] }[access],
        ...(multipart && writes ? ['s3:AbortMultipartUpload'] : []),
      ];
      const objects = bucket.arnForObjects(`${prefix}*`);
      portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions, resources: [objects] }));
      // Without it a missing object reads as 403 instead of 404, and an upload that never arrived could not be told apart.
      if (access !== 'write') portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
      acknowledged.push((flatten) => ({ finding: `Resource::${flatten(objects)}`, reason: why }));
      settings.push(bucket === props.documentsBucket ? 'DOCUMENTS_BUCKET' : 'REPORTS_BUCKET');
    }
    if (needs.auditDigests === 'write') {
      // Read and write, never delete; the bucket's own policy refuses a write over an existing digest, and its lock
      // keeps every version.
      const digests = props.auditDigestsBucket.arnForObjects(`${auditDigestsKeyPrefix}*`);
      portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [digests] }));
      // The list finds a company's first digest, and makes a read of a day not digested yet a 404, not a 403. That read
      // lists nothing (S3 asks for the right without a prefix), so the prefix is checked only where a request has one;
      // the role check found the job refused there when the condition asked for one (issue 33).
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [props.auditDigestsBucket.bucketArn],
          conditions: { StringLikeIfExists: { 's3:prefix': [`${auditDigestsKeyPrefix}*`] } },
        }),
      );
      settings.push('AUDIT_DIGESTS_BUCKET');
      acknowledged.push((flatten) => ({
        finding: `Resource::${flatten(digests)}`,
        reason: 'Audit digests: one object per company and day under the prefix (digests/<companyId>/<day>.json), which the job writes for every company.',
      }));
    }
    for (const queueName of needs.sendTo) {
      // Without the sandbox, ordering a card sends nothing: the function answers CARD_ISSUER_NOT_CONFIGURED first.
      const queue = props.queues[queueName]?.queue;
      if (!queue) continue;
      // SendMessage alone: a function sends to the URL its environment names and never looks a queue up or reads its
      // attributes, which grantSendMessages also allows (unused by every recorded call: npm run grants:unused).
      portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
      const definition = queueDefinitions.find((candidate) => candidate.role === queueName);
      if (definition) settings.push(definition.envVar);
    }
    if (needs.cardIssuer) {
      settings.push('CARD_ISSUER');
      if (props.cardIssuer === 'sandbox') settings.push('ISSUER_SANDBOX_QUEUE_URL', 'ISSUER_SANDBOX_DELIVERY_SECONDS');
    }
    if (needs.issuerWebhook !== 'none') {
      portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.issuerWebhookSecret.secretArn] }));
      settings.push('ISSUER_WEBHOOK_SECRET_ARN', ...(needs.issuerWebhook === 'sign' ? ['ISSUER_WEBHOOK_URL' as const] : []));
    }
    if (needs.webhookSecrets !== 'none') {
      // The key's own ARN, and only for the purpose its encryption context names: these grants open nothing else the
      // key might one day seal.
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: [needs.webhookSecrets === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'],
          resources: [props.webhookSecretsKey.keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': webhookSecretPurpose } },
        }),
      );
      settings.push('WEBHOOK_SECRETS_KEY_ARN');
    }
    if (needs.cognitoAdmin.length > 0) {
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: needs.cognitoAdmin.map((action) => `cognito-idp:${action}`),
          resources: [props.userPool.userPoolArn],
        }),
      );
      settings.push('USER_POOL_ID');
    }
    if (needs.sendsEmail) {
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`],
          conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
        }),
      );
      acknowledged.push(() => ({
        finding: 'Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*',
        reason: 'SES authorizes against the verified identity (address or domain), which the deployment chooses; the ses:FromAddress condition keeps the sender to MAIL_FROM.',
      }));
      settings.push('MAIL_FROM');
    }
    if (needs.sendsSms) {
      // A publish to a phone number has no resource ARN, so the grant names "*"; the deny keeps it off every topic
      // and platform endpoint, which leaves direct text messages only.
      portalFunction.role.addToPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
      portalFunction.role.addToPolicy(
        new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${Aws.PARTITION}:sns:*:*:*`] }),
      );
      acknowledged.push(() => ({
        finding: 'Resource::*',
        reason: 'SNS authorizes a Publish to a phone number on "*" (there is no ARN for a number); a deny on every SNS ARN in the same policy keeps it from topics and endpoints.',
      }));
    }
    this.give(portalFunction, settings);
    const policy = portalFunction.role.node.tryFindChild('DefaultPolicy');
    if (acknowledged.length > 0 && policy instanceof iam.Policy) {
      acknowledgeWildcards(policy, (flatten) => acknowledged.map((finding) => finding(flatten)));
    }
  }

  private createDistribution(props: StatelessStackProps): cloudfront.Distribution {
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the portal',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props), override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Answers client-side routes with their page (sign-in, card or portal)',
      code: cloudfront.FunctionCode.fromInline(spaRewriteCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const stripApiPrefix = new cloudfront.Function(this, 'StripApiPrefix', {
      comment: `Removes ${apiPathPrefix} before the request reaches the API`,
      code: cloudfront.FunctionCode.fromInline(stripPrefixCode(apiPathPrefix)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const apiDomain = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;

    const customDomain = props.customDomain
      ? {
          domainNames: [props.customDomain.domainName],
          certificate: acm.Certificate.fromCertificateArn(this, 'PortalCertificate', props.customDomain.certificateArn),
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};
    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Bonus card portal',
      ...customDomain,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      // The function answers / with its page already; this names the same one for a request it does not see.
      defaultRootObject: pageOfPath('/') ?? undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // The users are in Latvia and the rest of the EU: edge locations in Europe and North America are enough.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${apiPathPrefix}/*`]: {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The API refuses what comes without it (functions/platform/origin-check.ts): the execute-api address skips
            // CloudFront's web ACL, and an HTTP API cannot carry one of its own.
            customHeaders: { [originVerifyHeader]: props.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything but Host: API Gateway routes by its own host name, and the Authorization header must pass.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: stripApiPrefix, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    if (!props.customDomain) {
      Validations.of(distribution.node.defaultChild as IConstruct).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain is configured, so the distribution serves *.cloudfront.net with CloudFront\'s own certificate, ' +
          'whose minimum protocol CloudFront fixes; with customDomain in the deploy configuration it uses TLSv1.2_2021.',
      });
    }
    Validations.of(distribution.node.defaultChild as IConstruct).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: company staff use the portal from wherever they travel, and the API needs a valid Cognito ' +
        'token (with an SMS second factor) for everything but public routes.',
    });
    if (!props.webAclArn) {
      Validations.of(distribution.node.defaultChild as IConstruct).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'The deploy configuration has no waf (a web ACL is a running cost the operator chooses): the API stage is ' +
          'throttled, the routes that send e-mail or texts have lower throttles of their own, and every non-public route ' +
          'needs a Cognito JWT. With waf set, the edge WAF stack puts a web ACL with rate limits per IP here.',
      });
    }
    // The warning sits on the S3 origin, a child of the L2.
    Validations.of(distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      reason: "The web bucket's policy is written in the stateful stack, which owns the bucket (see StatefulStack).",
    });
    return distribution;
  }

  /** Ships the built SPA (when there is one) and the runtime config the SPA reads from /config.json. */
  private deployWebApp(props: StatelessStackProps): void {
    const config = {
      apiUrl: apiPathPrefix,
      region: Aws.REGION,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      cognitoEndpoint: null,
    };
    // Our own role and log group instead of the AWS-managed basic execution policy (write to any log group).
    const logGroup = new logs.LogGroup(this, 'WebAppDeploymentLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const role = new iam.Role(this, 'WebAppDeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runs the CDK BucketDeployment that uploads the SPA',
    });
    logGroup.grantWrite(role);
    // Source maps stay out of the public bucket (they are for our error tracking, not for every visitor), and so do
    // the build's pre-compressed copies: CloudFront compresses what it serves itself.
    const build = frontendDistExists() ? [s3deploy.Source.asset(frontendDist, { exclude: ['**/*.map', '**/*.br', '**/*.gz'] })] : [];
    // The hashed files first, cached for a year, so a page never names a file that is not there yet.
    const assets = new s3deploy.BucketDeployment(this, 'WebAssets', {
      sources: build,
      destinationBucket: this.webBucket,
      exclude: ['*'],
      include: [`${assetsDir}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(immutableAssetCache)],
      // Keep the files of earlier builds: an open tab still loads its lazy chunks by their old hashed names.
      prune: false,
      memoryLimit: 512,
      role,
      logGroup,
    });
    const pages = new s3deploy.BucketDeployment(this, 'WebApp', {
      sources: [...build, s3deploy.Source.jsonData('config.json', config)],
      destinationBucket: this.webBucket,
      exclude: [`${assetsDir}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(pageCache)],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role,
      logGroup,
    });
    pages.node.addDependency(assets);

    const deploymentPolicy = role.node.tryFindChild('DefaultPolicy');
    if (deploymentPolicy instanceof iam.Policy) {
      acknowledgeWildcards(deploymentPolicy, (flatten) => [
        {
          finding: /^Action::s3:(GetBucket|GetObject|List|Abort|DeleteObject)\*$/,
          reason: 'The read and read-write action sets that aws-cdk-lib grants its BucketDeployment handler; not ours to narrow.',
        },
        {
          // The partition and region are the stack's: tokens, or known names when the configuration gives a region.
          finding: /^Resource::arn:(<AWS::Partition>|aws[a-z-]*):s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-(<AWS::Region>|[a-z]{2}(-gov)?-[a-z]+-\d)\/\*$/,
          reason: 'Objects of the CDK bootstrap asset bucket, from which the handler copies the staged SPA build.',
        },
        {
          finding: `Resource::${flatten(this.webBucket.arnForObjects('*'))}`,
          reason: 'The objects of the web bucket, which the handler replaces with the new build.',
        },
        {
          finding: 'Resource::*',
          reason: 'cloudfront:CreateInvalidation/GetInvalidation, granted by aws-cdk-lib on "*", to refresh the cached SPA after a deploy.',
        },
      ]);
    }
    Validations.of(findStackChild(this, 'Custom::CDKBucketDeployment')).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "The runtime of aws-cdk-lib's BucketDeployment handler (Python) is set by the library, not by this app.",
    });
  }
}

function contentSecurityPolicy(props: StatelessStackProps): string {
  // The browser also talks to S3 directly: presigned POST uploads and presigned GET downloads fetched as blobs.
  const s3Origins = [props.documentsBucket, props.reportsBucket].map((bucket) => `https://${bucket.bucketRegionalDomainName}`);
  return [
    "default-src 'self'",
    `connect-src 'self' https://cognito-idp.${Aws.REGION}.amazonaws.com ${s3Origins.join(' ')}`,
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** users/get-profile -> UsersGetProfile: a stable construct id, so logical ids survive reordering the manifest. */
export function constructIdOf(handler: string): string {
  return handler
    .split(/[/-]/)
    .filter((part) => part.length > 0)
    .map((part) => `${part[0]?.toUpperCase()}${part.slice(1)}`)
    .join('');
}
