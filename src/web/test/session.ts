import type { Role } from '../../shared/catalog.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
}

export const testUsers = {
  buyer: { id: 'u-buyer', name: 'Tanvir Ahmed', email: 'buyer@laptophaat.test' },
  seller: { id: 'u-seller', name: 'Rahim Computers', email: 'seller@laptophaat.test' },
  admin: { id: 'u-admin', name: 'Site Admin', email: 'admin@laptophaat.test' },
} as const satisfies Record<Role, TestUser>;

/**
 * `mockApi` routes for a signed-in user of `role`: the session and the two role look-ups
 * (docs/product.md#roles). Spread them into the routes of a test: `mockApi({ ...signedIn('seller'), ... })`.
 */
export function signedIn(role: Role, user: TestUser = testUsers[role]): Record<string, unknown> {
  const email = encodeURIComponent(user.email);
  return {
    '/api/auth/get-session': { session: { id: 's1' }, user },
    [`/api/users/admin/${email}`]: { isAdmin: role === 'admin' },
    [`/api/users/seller/${email}`]: { isSeller: role === 'seller' },
    // The account as the forms and the dashboard read it (lib/me.ts).
    '/api/users/me': {
      _id: user.id,
      name: user.name,
      email: user.email,
      role,
      verified: false,
      verification_requested: false,
      verification: 'unverified',
      phone: null,
      verified_phone: null,
    },
  };
}
