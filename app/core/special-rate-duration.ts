// How a special rate's duration reads on the profile. The editor takes it as free text "shown as minutes"
// (spec provider §Special rate or package); a whole number of minutes that makes whole days or hours reads
// as those ('2880' is '2 days', not '2880 minutes'), anything else as typed.

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

export function specialRateDuration(duration: string): string {
  const text = duration.trim();
  if (!/^\d{1,6}$/.test(text)) return text;
  const minutes = Number(text);
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, "hour");
  if (minutes > 60) return `${plural(Math.floor(minutes / 60), "hour")} ${plural(minutes % 60, "minute")}`;
  return plural(minutes, "minute");
}
