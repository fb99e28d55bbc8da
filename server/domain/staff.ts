/** Store staff: roles and what each may do in the console (issue 18, decision 033). */

export const STAFF_ROLES = ['picker', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What the console lets a role do. Pickers see their store's orders and move them on (pack,
 * dispatch, deliver) and may look at the catalogue and their store's stock; managers also cancel orders (a cancel
 * returns stock and money: a manager's call, decision 035) and run the catalogue and their store's stock; admins also
 * read the audit log, in every store.
 */
export const PERMISSIONS = {
  'orders:read': ['picker', 'manager', 'admin'],
  'orders:advance': ['picker', 'manager', 'admin'],
  'orders:cancel': ['manager', 'admin'],
  'catalogue:read': ['picker', 'manager', 'admin'],
  'catalogue:edit': ['manager', 'admin'],
  'audit:read': ['admin'],
  'stock:read': ['picker', 'manager', 'admin'],
  'stock:adjust': ['manager', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export const may = (role: StaffRole, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** A picker or manager works in one dark store; an admin in all of them. */
export const roleNeedsStore = (role: StaffRole): boolean => role !== 'admin';

export const STAFF_MESSAGES = {
  notStaff: 'This number is not on the store’s staff. Ask an admin to add you, or sign in with your staff number.',
  roleNotAllowed: (role: StaffRole) => `A ${role} may not do this. Ask a manager or an admin.`,
} as const;

export interface SignedInStaff {
  id: string;
  mobile: string;
  role: StaffRole;
  /** The dark store of a picker or manager; null for an admin. */
  storeId: number | null;
}
