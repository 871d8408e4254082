// The age confirmation is kept in a cookie (so the server renders the right page with no flash)
// and mirrored to localStorage 'ageVerified' as the spec names it.
export const AGE_COOKIE = "age_verified";
export const AGE_STORAGE_KEY = "ageVerified";
export const AGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export const EXIT_URL = "https://www.google.com";

export function hasAgeCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${AGE_COOKIE}=1`);
}

export function ageCookie(secure: boolean): string {
  return `${AGE_COOKIE}=1; Path=/; Max-Age=${AGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Marks <html> when the script below restored the confirmation, so CSS hides the gate from the first paint. */
export const AGE_RESTORED_ATTRIBUTE = "data-age-restored";

/**
 * Runs in <head>, before the body paints: a returning visitor whose cookie was cleared but whose
 * `ageVerified` is still stored gets the cookie back and never sees the server-rendered gate (no flash, no
 * reload). React then drops the gate on hydration. Plain ES5 in a string: it must run before any bundle.
 */
export const AGE_RESTORE_SCRIPT = `(function(){try{
if(document.cookie.split(";").some(function(c){return c.trim()===${JSON.stringify(`${AGE_COOKIE}=1`)}}))return;
if(localStorage.getItem(${JSON.stringify(AGE_STORAGE_KEY)})!=="true")return;
document.cookie=${JSON.stringify(`${AGE_COOKIE}=1; Path=/; Max-Age=${AGE_COOKIE_MAX_AGE}; SameSite=Lax`)}+(location.protocol==="https:"?"; Secure":"");
document.documentElement.setAttribute(${JSON.stringify(AGE_RESTORED_ATTRIBUTE)},"");
}catch(e){}})();`;
