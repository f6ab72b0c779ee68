import { createRouter } from '../../trpc.js';
import { getMeRoute } from './get-me.js';
import { logInRoute } from './log-in.js';
import { logOutRoute } from './log-out.js';
import { requestPasswordResetRoute } from './request-password-reset.js';
import { resetPasswordRoute } from './reset-password.js';
import { signUpRoute } from './sign-up.js';
import { verifyEmailRoute } from './verify-email.js';

export const authRouter = createRouter({
  signUp: signUpRoute,
  logIn: logInRoute,
  logOut: logOutRoute,
  me: getMeRoute,
  verifyEmail: verifyEmailRoute,
  requestPasswordReset: requestPasswordResetRoute,
  resetPassword: resetPasswordRoute,
});
