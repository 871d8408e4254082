// The incident categories a report and an alert choose from (docs/decisions/0023-safety-net.md).
export const SAFETY_CATEGORIES = [
  { id: "violence", label: "Violence" },
  { id: "threats", label: "Threats or stalking" },
  { id: "theft", label: "Theft or refusal to pay" },
  { id: "condom", label: "Condom refusal or stealthing" },
  { id: "police", label: "Posing as police" },
  { id: "no-show", label: "No-show" },
  { id: "other", label: "Other" },
] as const;

export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number]["id"];

export function parseCategory(value: unknown): SafetyCategory | null {
  return SAFETY_CATEGORIES.find((c) => c.id === value)?.id ?? null;
}

export function categoryLabel(id: string): string {
  return SAFETY_CATEGORIES.find((c) => c.id === id)?.label ?? "Other";
}
