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
