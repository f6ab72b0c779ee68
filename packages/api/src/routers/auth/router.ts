import { createRouter } from '../../trpc.js';
import { getMeRoute } from './get-me.js';
import { logInRoute } from './log-in.js';
import { logOutRoute } from './log-out.js';
import { signUpRoute } from './sign-up.js';

export const authRouter = createRouter({
  signUp: signUpRoute,
  logIn: logInRoute,
  logOut: logOutRoute,
  me: getMeRoute,
});
