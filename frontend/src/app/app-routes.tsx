import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { signupSteps } from '@shared/kyc';
import { paths } from '@shared/routes';
import { PublicLayout } from './layouts/public-layout';
import { ProtectedLayout } from './route-guard/protected-layout';

// Every screen is its own chunk, so /login downloads only the sign-in screen on top of the shell.
const LoginScreen = lazy(() => import('@frontend/features/auth/login-screen').then((m) => ({ default: m.LoginScreen })));
const PhoneVerifyScreen = lazy(() =>
  import('@frontend/features/auth/phone-verify-screen').then((m) => ({ default: m.PhoneVerifyScreen })),
);
const PhoneSetupScreen = lazy(() =>
  import('@frontend/features/auth/phone-setup-screen').then((m) => ({ default: m.PhoneSetupScreen })),
);
const EmailConfirmScreen = lazy(() =>
  import('@frontend/features/auth/email-confirm-screen').then((m) => ({ default: m.EmailConfirmScreen })),
);
const ResetRequestScreen = lazy(() =>
  import('@frontend/features/auth/reset-request-screen').then((m) => ({ default: m.ResetRequestScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import('@frontend/features/auth/reset-password-screen').then((m) => ({ default: m.ResetPasswordScreen })),
);
const SignupScreen = lazy(() => import('@frontend/features/signup/signup-screen').then((m) => ({ default: m.SignupScreen })));
const TermsScreen = lazy(() => import('@frontend/features/legal/terms-screen').then((m) => ({ default: m.TermsScreen })));
const DeliveryPolicyScreen = lazy(() =>
  import('@frontend/features/legal/delivery-policy-screen').then((m) => ({ default: m.DeliveryPolicyScreen })),
);
const NotFoundPage = lazy(() => import('./not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const DashboardScreen = lazy(() =>
  import('@frontend/features/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
);
const TransactionsScreen = lazy(() =>
  import('@frontend/features/transactions/transactions-screen').then((m) => ({ default: m.TransactionsScreen })),
);
const UsersScreen = lazy(() => import('@frontend/features/users/users-screen').then((m) => ({ default: m.UsersScreen })));
const UserScreen = lazy(() => import('@frontend/features/users/user-screen').then((m) => ({ default: m.UserScreen })));
const MessagingScreen = lazy(() =>
  import('@frontend/features/messaging/messaging-screen').then((m) => ({ default: m.MessagingScreen })),
);
const ReportingScreen = lazy(() =>
  import('@frontend/features/reporting/reporting-screen').then((m) => ({ default: m.ReportingScreen })),
);
const SettingsScreen = lazy(() =>
  import('@frontend/features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })),
);

/**
 * The screens of SPEC section 2 at the paths of shared/routes.ts. Public screens have no guard; the
 * protected ones sit under ProtectedLayout, which applies each route's rule from `protectedRoutes`.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={paths.root} element={<LoginScreen />} />
        <Route path={paths.login} element={<LoginScreen />} />
        <Route path={paths.terms} element={<TermsScreen />} />
        <Route path={paths.deliveryPolicy} element={<DeliveryPolicyScreen />} />
        <Route path={paths.signup} element={<Navigate to={`${paths.signup}/${signupSteps[0]}`} replace />} />
        <Route path={paths.signupStep} element={<SignupScreen />} />
        <Route path={paths.phoneVerify} element={<PhoneVerifyScreen />} />
        <Route path={paths.phoneSetup} element={<PhoneSetupScreen />} />
        <Route path={paths.emailConfirm} element={<EmailConfirmScreen />} />
        <Route path={paths.resetRequest} element={<ResetRequestScreen />} />
        <Route path={paths.reset} element={<ResetPasswordScreen />} />
        <Route path={paths.notFound} element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<ProtectedLayout />}>
        <Route path={paths.dashboard} element={<DashboardScreen />} />
        <Route path={paths.transactions} element={<TransactionsScreen />} />
        <Route path={paths.users} element={<UsersScreen />} />
        <Route path={paths.user} element={<UserScreen />} />
        <Route path={paths.messaging} element={<MessagingScreen />} />
        <Route path={paths.reporting} element={<ReportingScreen />} />
        <Route path={paths.settings} element={<SettingsScreen />} />
      </Route>
    </Routes>
  );
}
