// The choices the report form and the alert forms offer alike: the regions, and the incident categories.
import { REGIONS } from "~/core/regions";
import { SAFETY_CATEGORIES } from "../categories";

export function RegionOptions() {
  return REGIONS.map((r) => (
    <option key={r} value={r}>
      {r}
    </option>
  ));
}

export function CategoryOptions() {
  return SAFETY_CATEGORIES.map((c) => (
    <option key={c.id} value={c.id}>
      {c.label}
    </option>
  ));
}
