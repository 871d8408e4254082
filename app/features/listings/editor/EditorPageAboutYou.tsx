// Wizard page 2 (provider spec §2): age, nationality, body type, height, weight, bust, eye and hair colour,
// dress size; services, interests and favourite things; social links.
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { BODY_TYPES, FAVOURITE_THINGS, INTERESTS, NATIONALITIES, SERVICES } from "~/core/listing-options";
import { LIMITS, NUMBER_BOUNDS } from "~/features/listings/schema";
import { fieldBinder, MultiSelect, PageFieldset, SelectField, TextField } from "./fields";
import type { EditorPageProps } from "./fields";

type Field = ReturnType<typeof fieldBinder>;

export function EditorPageAboutYou({ values, errors, editing, dispatch }: EditorPageProps) {
  const field = fieldBinder({ values, errors, dispatch });
  return (
    <PageFieldset legend={EDITOR_PAGE_TITLES[2]} editing={editing}>
      <AboutYourself field={field} />
      <MultiSelect {...field("services")} label="Services" options={SERVICES} />
      <MultiSelect {...field("interests")} label="Interests" options={INTERESTS} />
      <MultiSelect {...field("favorites")} label="Favourite things" options={FAVOURITE_THINGS} />
      <SocialLinks field={field} />
    </PageFieldset>
  );
}

/** The page's first grid: age, nationality, body type and the measurements. */
function AboutYourself({ field }: { field: Field }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField {...field("age")} label="Age" type="number" inputMode="numeric" min={18} max={99} required />
      <SelectField {...field("nationality")} label="Nationality" options={NATIONALITIES} />
      <SelectField {...field("bodyType")} label="Body type" options={BODY_TYPES} />
      <BoundedNumber field={field} name="height" label="Height (cm)" />
      <BoundedNumber field={field} name="weight" label="Weight (kg)" />
      <BoundedNumber field={field} name="dressSize" label="Dress size" />
      <TextField {...field("bust")} label="Bust" maxLength={LIMITS.bust} />
      <TextField {...field("eyeColour")} label="Eye colour" maxLength={LIMITS.colour} />
      <TextField {...field("hairColour")} label="Hair colour" maxLength={LIMITS.colour} />
    </div>
  );
}

function SocialLinks({ field }: { field: Field }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Social links</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("instagram")} label="Instagram" maxLength={LIMITS.social} placeholder="@handle or link" />
        <TextField {...field("twitter")} label="Twitter" maxLength={LIMITS.social} placeholder="@handle or link" />
        <TextField {...field("onlyFans")} label="OnlyFans" maxLength={LIMITS.social} placeholder="handle or link" />
        <TextField
          {...field("website")}
          label="Website"
          type="url"
          inputMode="url"
          maxLength={LIMITS.social}
          placeholder="https://"
        />
      </div>
    </fieldset>
  );
}

/** A number field whose limits are the schema's (NUMBER_BOUNDS), so the browser and the save agree. */
function BoundedNumber({ field, name, label }: { field: Field; name: keyof typeof NUMBER_BOUNDS; label: string }) {
  const { min, max } = NUMBER_BOUNDS[name];
  return <TextField {...field(name)} label={label} type="number" inputMode="numeric" min={min} max={max} />;
}
