import { startLightPage } from '@frontend/components/light-page/light-page';
import { SignInApp } from './sign-in-app';
import { loadSignInMessages } from './sign-in-messages';
import '@frontend/styles/global.css';
import '@frontend/styles/site-frame.css';

/**
 * The staff's sign-in (sign-in.html): it paints once the texts of its language are there. config.json, zod, the API
 * client and Amplify load after, when the visitor focuses the form or this browser holds a session to show
 * (features/auth/sign-in-api.ts); the signed-in portal (index.html) loads only once signed in.
 */
void startLightPage(loadSignInMessages, (initial) => <SignInApp initial={initial} />);
