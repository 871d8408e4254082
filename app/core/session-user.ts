// The signed-in user as the server knows it, and the part of it every page may see.
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  accountType: string;
  agency: boolean;
  /**
   * Administrator powers in this session: the admin role AND a second factor proved (or set up) in this
   * session. Everything that checks isAdmin is therefore closed to a password-only session.
   */
  isAdmin: boolean;
};

/** Root loader data: lands in every page's HTML, so no e-mail and nothing secret. */
export type PublicUser = Pick<SessionUser, "id" | "firstName" | "accountType" | "agency" | "isAdmin">;

export const ADMIN_ACCOUNT_TYPE = "admin";

/** Where two-factor sign-in is set up (and where an administrator without it is sent). */
export const TWO_FACTOR_PATH = "/account/two-factor";

/** An administrator whose session has no second factor yet: every admin page and call sends them to set one up. */
export function needsAdminSecondFactor(user: Pick<SessionUser, "accountType" | "isAdmin">): boolean {
  return user.accountType === ADMIN_ACCOUNT_TYPE && !user.isAdmin;
}

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

/**
 * `secondFactorAt` is when the session proved a second factor: without it an administrator has no
 * administrator powers (isAdmin false), only a pointer to set two-factor up (needsAdminSecondFactor).
 */
export function toSessionUser(
  row: Pick<SessionUser, "id" | "email" | "firstName" | "accountType" | "agency">,
  secondFactorAt: number | null | undefined,
): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    accountType: row.accountType,
    agency: row.agency,
    isAdmin: row.accountType === ADMIN_ACCOUNT_TYPE && secondFactorAt != null,
  };
}

/** The JSON API's user object (spec §7: it carries userId; agency is the string 'true'/'false'). */
export function toApiUser(user: SessionUser) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    accountType: user.accountType,
    agency: user.agency ? "true" : "false",
    isAdmin: user.isAdmin,
  } as const;
}
