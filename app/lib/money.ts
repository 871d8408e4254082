// Money is integer cents in storage and whole dollars on screen.
export function centsToWholeDollars(cents: number): number {
  return Math.round(cents / 100);
}

export function formatDollars(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  return `$${centsToWholeDollars(cents).toLocaleString("en-NZ")}`;
}
