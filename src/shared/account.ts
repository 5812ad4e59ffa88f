// The account settings page (docs/product.md#account-settings): where a user changes their name,
// photo, password and language, and verifies their phone. Zod-free: the web app's paths read it,
// and the server names it in the answer that asks for a verified phone.
export const ACCOUNT_SETTINGS_PATH = '/dashboard/account';
