// Wizard page 2 (provider spec §2): age, nationality, body type, height, weight, bust, eye and hair colour,
// dress size; services, interests and favourite things; social links.
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import { BODY_TYPES, FAVOURITE_THINGS, INTERESTS, NATIONALITIES, SERVICES } from "~/features/listings/options";
import { LIMITS, NUMBER_BOUNDS } from "~/features/listings/schema";
import { fieldSetter, MultiSelect, PageFieldset, SelectField, TextField, type EditorPageProps } from "./fields";

export function EditorPageAboutYou({ values, errors: e, editing, dispatch }: EditorPageProps) {
  const set = fieldSetter(dispatch);
  return (
    <PageFieldset legend={EDITOR_PAGE_TITLES[2]} editing={editing}>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="age"
          label="Age"
          type="number"
          inputMode="numeric"
          min={18}
          max={99}
          required
          value={values.age}
          onChange={set("age")}
          error={e.age}
        />
        <SelectField
          name="nationality"
          label="Nationality"
          options={NATIONALITIES}
          value={values.nationality}
          onChange={set("nationality")}
          error={e.nationality}
        />
        <SelectField
          name="bodyType"
          label="Body type"
          options={BODY_TYPES}
          value={values.bodyType}
          onChange={set("bodyType")}
          error={e.bodyType}
        />
        <BoundedNumber name="height" label="Height (cm)" values={values} errors={e} set={set} />
        <BoundedNumber name="weight" label="Weight (kg)" values={values} errors={e} set={set} />
        <BoundedNumber name="dressSize" label="Dress size" values={values} errors={e} set={set} />
        <TextField
          name="bust"
          label="Bust"
          value={values.bust}
          onChange={set("bust")}
          error={e.bust}
          maxLength={LIMITS.bust}
        />
        <TextField
          name="eyeColour"
          label="Eye colour"
          value={values.eyeColour}
          onChange={set("eyeColour")}
          error={e.eyeColour}
          maxLength={LIMITS.colour}
        />
        <TextField
          name="hairColour"
          label="Hair colour"
          value={values.hairColour}
          onChange={set("hairColour")}
          error={e.hairColour}
          maxLength={LIMITS.colour}
        />
      </div>
      <MultiSelect
        name="services"
        label="Services"
        options={SERVICES}
        value={values.services}
        onChange={set("services")}
        error={e.services}
      />
      <MultiSelect
        name="interests"
        label="Interests"
        options={INTERESTS}
        value={values.interests}
        onChange={set("interests")}
        error={e.interests}
      />
      <MultiSelect
        name="favorites"
        label="Favourite things"
        options={FAVOURITE_THINGS}
        value={values.favorites}
        onChange={set("favorites")}
        error={e.favorites}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Social links</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="instagram"
            label="Instagram"
            value={values.instagram}
            onChange={set("instagram")}
            error={e.instagram}
            maxLength={LIMITS.social}
            placeholder="@handle or link"
          />
          <TextField
            name="twitter"
            label="Twitter"
            value={values.twitter}
            onChange={set("twitter")}
            error={e.twitter}
            maxLength={LIMITS.social}
            placeholder="@handle or link"
          />
          <TextField
            name="onlyFans"
            label="OnlyFans"
            value={values.onlyFans}
            onChange={set("onlyFans")}
            error={e.onlyFans}
            maxLength={LIMITS.social}
            placeholder="handle or link"
          />
          <TextField
            name="website"
            label="Website"
            type="url"
            inputMode="url"
            value={values.website}
            onChange={set("website")}
            error={e.website}
            maxLength={LIMITS.social}
            placeholder="https://"
          />
        </div>
      </fieldset>
    </PageFieldset>
  );
}

/** A number field whose limits are the schema's (NUMBER_BOUNDS), so the browser and the save agree. */
function BoundedNumber({
  name,
  label,
  values,
  errors,
  set,
}: {
  name: keyof typeof NUMBER_BOUNDS;
  label: string;
  values: EditorPageProps["values"];
  errors: EditorPageProps["errors"];
  set: ReturnType<typeof fieldSetter>;
}) {
  return (
    <TextField
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={NUMBER_BOUNDS[name].min}
      max={NUMBER_BOUNDS[name].max}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
    />
  );
}
