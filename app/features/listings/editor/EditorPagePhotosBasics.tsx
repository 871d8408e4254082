// Wizard page 1 (provider spec §2): photos, display name, service location, suburb, contact phone, place of
// service, tagline and bio.
import { EDITOR_PAGE_TITLES } from "~/features/listings/editor-pages";
import type { EditorPhoto } from "./editor-state";
import type { Refusal } from "~/features/photos/upload-rules";
import { PLACES_OF_SERVICE } from "~/features/listings/options";
import { LIMITS } from "~/features/listings/schema";
import { REGIONS } from "~/features/catalogue/regions";
import { fieldSetter, PageFieldset, SelectField, TextAreaField, TextField, type EditorPageProps } from "./fields";
import { PhotoManager } from "./PhotoManager";
import { SuburbPicker } from "./SuburbPicker";

export function EditorPagePhotosBasics({
  values,
  errors: e,
  editing,
  dispatch,
  photos,
  deleting,
  onAddFiles,
  onDeletePhoto,
  refused,
}: EditorPageProps & {
  refused: Refusal[];
  photos: EditorPhoto[];
  deleting: string | null;
  onAddFiles: (files: FileList | File[]) => void;
  onDeletePhoto: (item: EditorPhoto) => void;
}) {
  const set = fieldSetter(dispatch);
  return (
    <>
      <PhotoManager
        photos={photos}
        editing={editing}
        error={e.images}
        onAddFiles={(files) => {
          dispatch({ type: "clearErrors", keys: ["images"] });
          onAddFiles(files);
        }}
        onDelete={onDeletePhoto}
        onMove={(key, to) => dispatch({ type: "photoMoved", key, to })}
        deleting={deleting}
        refused={refused}
        onCloseRefused={() => dispatch({ type: "refusalsClosed" })}
      />
      <PageFieldset legend={EDITOR_PAGE_TITLES[1]} editing={editing}>
        <TextField
          name="firstName"
          label="Display Name"
          required
          value={values.firstName}
          onChange={set("firstName")}
          error={e.firstName}
          maxLength={LIMITS.firstName}
          autoComplete="nickname"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="location"
            label="Service Location"
            required
            options={REGIONS}
            value={values.location}
            onChange={(region) => dispatch({ type: "location", region })}
            error={e.location}
          />
          <SuburbPicker
            region={values.location}
            value={values.suburb}
            onChange={set("suburb")}
            error={e.suburb}
            disabled={!editing}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="contactPhone"
            label="Contact phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={values.contactPhone}
            onChange={set("contactPhone")}
            error={e.contactPhone}
            maxLength={20}
            hint="Clients text this number. 7 to 13 digits."
          />
          <SelectField
            name="calls"
            label="Place of service"
            required
            options={PLACES_OF_SERVICE}
            value={values.calls}
            onChange={set("calls")}
            error={e.calls}
          />
        </div>
        <TextAreaField
          name="tagLine"
          label="Tagline"
          required
          rows={2}
          min={LIMITS.tagLineMin}
          max={LIMITS.tagLine}
          value={values.tagLine}
          onChange={set("tagLine")}
          error={e.tagLine}
        />
        <TextAreaField
          name="description"
          label="Bio"
          required
          rows={6}
          min={LIMITS.descriptionMin}
          max={LIMITS.description}
          value={values.description}
          onChange={set("description")}
          error={e.description}
        />
      </PageFieldset>
    </>
  );
}
