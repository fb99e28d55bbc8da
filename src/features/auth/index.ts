export {
  browserAuth,
  readSession,
  type AuthContext,
  type Session,
  type SessionEvent,
  type SessionUser,
} from './session';
export { AuthHost, preloadLoginDialog } from './components/AuthHost';
export { useSession } from './use-session';
export { useLogout, type LogoutLoader, type LogoutOptions } from './use-logout';
export { customerApi } from './customer-api';
export { authStateAtom, type AuthState } from './atoms';
export { validateLoginSearch, type LoginSearch } from './login-search';
export { displayMobile } from './phone';
export { useMobileInput } from './use-mobile-input';
export { AUTH_ERRORS } from './errors';
export { isCustomerQuery } from './customer-queries';
