import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/**
 * The guard for /checkout and /account/* (spec point 2). Signed in: carry on. A session that
 * ran out is renewed once with the refresh cookie. Otherwise the visitor is signed out and sent
 * home with the login dialog open, and continues to the page they asked for after signing in.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const { auth } = context;
    if (auth.getSession()) return;
    if (auth.canRefresh() && (await auth.refresh())) return;
    auth.signOut();
    throw redirect({ to: '/', search: { login: 1, redirect: location.href } });
  },
  component: Outlet,
});
