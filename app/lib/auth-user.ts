// The signed-in user as the server knows it, and the part of it every page may see.
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  accountType: string;
  agency: boolean;
  isAdmin: boolean;
};

/** Root loader data: lands in every page's HTML, so no e-mail and nothing secret. */
export type PublicUser = Pick<SessionUser, "id" | "firstName" | "accountType" | "agency" | "isAdmin">;

export const ADMIN_ACCOUNT_TYPE = "admin";

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    accountType: user.accountType,
    agency: user.agency,
    isAdmin: user.isAdmin,
  };
}

/** The letter on the avatar button. */
export function initialOf(firstName: string): string {
  const first = [...firstName.trim()][0];
  return first ? first.toLocaleUpperCase("en-NZ") : "?";
}
