// Wizard page 1 (provider spec §2): photos, display name, service location, suburb, contact phone, place of
// service, tagline and bio.
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import type { EditorPhoto, PhotoChecks } from "./editor-state";
import type { Refusal } from "~/features/photos/upload-rules";
import { PLACES_OF_SERVICE } from "~/core/listing-options";
import { LIMITS } from "~/features/listings/schema";
import { REGIONS } from "~/core/regions";
import { fieldBinder, PageFieldset, SelectField, TextAreaField, TextField } from "./fields";
import type { EditorPageProps } from "./fields";
import { PhotoManager } from "./photos/PhotoManager";
import { SuburbPicker } from "./SuburbPicker";

export function EditorPagePhotosBasics({
  values,
  errors,
  editing,
  dispatch,
  photos,
  deleting,
  onAddFiles,
  onDeletePhoto,
  refused,
  watermarks,
  checks,
}: EditorPageProps & {
  checks: PhotoChecks;
  refused: Refusal[];
  watermarks: boolean;
  photos: EditorPhoto[];
  deleting: string | null;
  onAddFiles: (files: FileList | File[]) => void;
  onDeletePhoto: (item: EditorPhoto) => void;
}) {
  return (
    <>
      <PhotoManager
        photos={photos}
        editing={editing}
        error={errors.images}
        onAddFiles={(files) => {
          dispatch({ type: "clearErrors", keys: ["images"] });
          onAddFiles(files);
        }}
        onDelete={onDeletePhoto}
        onMove={(key, to) => dispatch({ type: "photoMoved", key, to })}
        deleting={deleting}
        refused={refused}
        watermarks={watermarks}
        checks={checks}
        onCloseRefused={() => dispatch({ type: "refusalsClosed" })}
      />
      <BasicsFieldset values={values} errors={errors} editing={editing} dispatch={dispatch} />
    </>
  );
}

/** The page's two free texts: each has a floor and a ceiling on its length (provider spec §2). */
const FREE_TEXTS = [
  { key: "tagLine", label: "Tagline", rows: 2, min: LIMITS.tagLineMin, max: LIMITS.tagLine },
  { key: "description", label: "Bio", rows: 6, min: LIMITS.descriptionMin, max: LIMITS.description },
] as const;

/** The page's fields below the photos, each named once through the field binder. */
function BasicsFieldset({ values, errors, editing, dispatch }: EditorPageProps) {
  const field = fieldBinder({ values, errors, dispatch });
  return (
    <PageFieldset legend={EDITOR_PAGE_TITLES[1]} editing={editing}>
      <TextField
        {...field("firstName")}
        label="Display Name"
        required
        maxLength={LIMITS.firstName}
        autoComplete="nickname"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("location")}
          label="Service Location"
          required
          options={REGIONS}
          onChange={(region) => dispatch({ type: "location", region })}
        />
        <SuburbPicker
          region={values.location}
          value={values.suburb}
          onChange={field("suburb").onChange}
          error={errors.suburb}
          disabled={!editing}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field("contactPhone")}
          label="Contact phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={20}
          hint="Clients text this number. 7 to 13 digits."
        />
        <SelectField {...field("calls")} label="Place of service" required options={PLACES_OF_SERVICE} />
      </div>
      {FREE_TEXTS.map(({ key, label, rows, min, max }) => (
        <TextAreaField key={key} {...field(key)} label={label} required rows={rows} min={min} max={max} />
      ))}
    </PageFieldset>
  );
}
