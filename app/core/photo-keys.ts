// Public listing photos live under "listing/"; verification documents use another prefix that no URL serves.
export const PUBLIC_PHOTO_PREFIX = "listing/";
const PUBLIC_PHOTO_KEY = /^listing\/[0-9a-z]{24}\.webp$/;

export function isPublicPhotoKey(key: string): boolean {
  return PUBLIC_PHOTO_KEY.test(key);
}

export function photoUrl(key: string): string {
  return `/photos/${key}`;
}

export const PLACEHOLDER_URL = "/api/placeholder/300/400";

/** R2 prefix of verification files. Not "listing/": the public /photos/ route never serves it. */
export const VERIFICATION_PREFIX = "private/verification/";

const VERIFICATION_KEY = /^private\/verification\/[0-9a-z]{24}\.webp$/;

export function isVerificationKey(key: unknown): key is string {
  return typeof key === "string" && VERIFICATION_KEY.test(key);
}

/** The r2_keys column (a JSON array) as a list of verification keys; anything else in it is ignored. */
export function parseKeyList(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(isVerificationKey) : [];
  } catch {
    return [];
  }
}
