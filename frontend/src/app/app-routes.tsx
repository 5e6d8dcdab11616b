import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { paths } from '@shared/routes';
import { FullPageLoader } from '@frontend/components/loaders/full-page-loader';
import { lazyScreen } from '@frontend/lib/lazy-screen';
import { PublicLayout } from './layouts/public-layout';
import { OtherPage } from './page-redirect';

// The signed-in portal's frames (guard, navigation, unread badges) load with its first screen, not with /login.
const ProtectedLayout = lazyScreen(() => import('./route-guard/protected-layout'), 'ProtectedLayout');
const AdminLayout = lazyScreen(() => import('./route-guard/admin-layout'), 'AdminLayout');

// Every screen is its own chunk, so a page downloads only its screen on top of the shell. The sign-in is a page of its
// own (sign-in.html), loaded by the browser; the SMS step stays here for the sign-ins the portal starts (invitations).
const PhoneVerifyScreen = lazyScreen(() => import('@frontend/features/auth/phone-verify-screen'), 'PhoneVerifyScreen');
const PhoneSetupScreen = lazyScreen(() => import('@frontend/features/auth/phone-setup-screen'), 'PhoneSetupScreen');
const EmailConfirmScreen = lazyScreen(() => import('@frontend/features/auth/email-confirm-screen'), 'EmailConfirmScreen');
const ResetRequestScreen = lazyScreen(() => import('@frontend/features/auth/reset-request-screen'), 'ResetRequestScreen');
const ResetPasswordScreen = lazyScreen(() => import('@frontend/features/auth/reset-password-screen'), 'ResetPasswordScreen');
const InvitationScreen = lazyScreen(() => import('@frontend/features/auth/invitation-screen'), 'InvitationScreen');
const CreateAccountScreen = lazyScreen(() => import('@frontend/features/signup/create-account-screen'), 'CreateAccountScreen');
const SignupScreen = lazyScreen(() => import('@frontend/features/signup/signup-screen'), 'SignupScreen');
const TermsScreen = lazyScreen(() => import('@frontend/features/legal/terms-screen'), 'TermsScreen');
const DeliveryPolicyScreen = lazyScreen(() => import('@frontend/features/legal/delivery-policy-screen'), 'DeliveryPolicyScreen');
const NotFoundPage = lazyScreen(() => import('./not-found/not-found-page'), 'NotFoundPage');
const DashboardScreen = lazyScreen(() => import('@frontend/features/dashboard/dashboard-screen'), 'DashboardScreen');
const TransactionsScreen = lazyScreen(() => import('@frontend/features/transactions/transactions-screen'), 'TransactionsScreen');
const UsersScreen = lazyScreen(() => import('@frontend/features/users/users-screen'), 'UsersScreen');
const UserScreen = lazyScreen(() => import('@frontend/features/users/user-screen'), 'UserScreen');
const MessagingScreen = lazyScreen(() => import('@frontend/features/messaging/messaging-screen'), 'MessagingScreen');
const ReportingScreen = lazyScreen(() => import('@frontend/features/reporting/reporting-screen'), 'ReportingScreen');
const InvoicesScreen = lazyScreen(() => import('@frontend/features/reporting/invoices-screen'), 'InvoicesScreen');
const AdminInvoicesScreen = lazyScreen(() => import('@frontend/features/admin/invoices-screen'), 'AdminInvoicesScreen');
const ActivityScreen = lazyScreen(() => import('@frontend/features/activity/activity-screen'), 'ActivityScreen');
const ApplicationsScreen = lazyScreen(() => import('@frontend/features/admin/applications-screen'), 'ApplicationsScreen');
const ReviewScreen = lazyScreen(() => import('@frontend/features/admin/review-screen'), 'ReviewScreen');
const PricesScreen = lazyScreen(() => import('@frontend/features/admin/prices-screen'), 'PricesScreen');
const TopUpsScreen = lazyScreen(() => import('@frontend/features/admin/top-ups-screen'), 'TopUpsScreen');
const InboxScreen = lazyScreen(() => import('@frontend/features/messaging/inbox-screen'), 'InboxScreen');
const SettingsScreen = lazyScreen(() => import('@frontend/features/settings/settings-screen'), 'SettingsScreen');
const FundingSchedulesScreen = lazyScreen(() => import('@frontend/features/funding-schedules/funding-schedules-screen'), 'FundingSchedulesScreen');
const ApprovalsScreen = lazyScreen(() => import('@frontend/features/approvals/approvals-screen'), 'ApprovalsScreen');
const IntegrationsScreen = lazyScreen(() => import('@frontend/features/integrations/integrations-screen'), 'IntegrationsScreen');
const ApiReferenceScreen = lazyScreen(() => import('@frontend/features/integrations/api-reference-screen'), 'ApiReferenceScreen');

/**
 * The screens of SPEC section 2 at the paths of shared/routes.ts. Public screens have no guard; the
 * protected ones sit under ProtectedLayout (the provider console under AdminLayout), which apply each route's rule from `protectedRoutes`.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.root} element={<OtherPage path={paths.root} />} />
        <Route path={paths.login} element={<OtherPage path={paths.login} />} />
        <Route path={paths.terms} element={<TermsScreen />} />
        <Route path={paths.deliveryPolicy} element={<DeliveryPolicyScreen />} />
        <Route path={paths.signup} element={<CreateAccountScreen />} />
        <Route path={paths.signupStep} element={<SignupScreen />} />
        <Route path={paths.phoneVerify} element={<PhoneVerifyScreen />} />
        <Route path={paths.phoneSetup} element={<PhoneSetupScreen />} />
        <Route path={paths.emailConfirm} element={<EmailConfirmScreen />} />
        <Route path={paths.resetRequest} element={<ResetRequestScreen />} />
        <Route path={paths.reset} element={<ResetPasswordScreen />} />
        <Route path={paths.invitation} element={<InvitationScreen />} />
        <Route path={paths.notFound} element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<SignedInFrame frame={<ProtectedLayout />} />}>
        <Route path={paths.dashboard} element={<DashboardScreen />} />
        <Route path={paths.transactions} element={<TransactionsScreen />} />
        <Route path={paths.users} element={<UsersScreen />} />
        <Route path={paths.user} element={<UserScreen />} />
        <Route path={paths.messaging} element={<MessagingScreen />} />
        <Route path={paths.reporting} element={<ReportingScreen />} />
        <Route path={paths.reportingInvoices} element={<InvoicesScreen />} />
        <Route path={paths.settings} element={<SettingsScreen />} />
        <Route path={paths.activity} element={<ActivityScreen />} />
        <Route path={paths.fundingSchedules} element={<FundingSchedulesScreen />} />
        <Route path={paths.approvals} element={<ApprovalsScreen />} />
        <Route path={paths.integrations} element={<IntegrationsScreen />} />
        <Route path={paths.apiReference} element={<ApiReferenceScreen />} />
      </Route>
      <Route element={<SignedInFrame frame={<AdminLayout />} />}>
        <Route path={paths.admin} element={<ApplicationsScreen />} />
        <Route path={paths.adminApplication} element={<ReviewScreen />} />
        <Route path={paths.adminPrices} element={<PricesScreen />} />
        <Route path={paths.adminTopUps} element={<TopUpsScreen />} />
        <Route path={paths.adminInvoices} element={<AdminInvoicesScreen />} />
        <Route path={paths.adminMessaging} element={<InboxScreen />} />
      </Route>
    </Routes>
  );
}

/** A signed-in frame while its code loads: the page-wide loader it shows itself while the session is checked. */
function SignedInFrame({ frame }: { frame: ReactNode }) {
  return <Suspense fallback={<FullPageLoader />}>{frame}</Suspense>;
}
