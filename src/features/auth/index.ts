export { browserAuth, readSession, type AuthContext, type Session, type SessionUser } from './session';
